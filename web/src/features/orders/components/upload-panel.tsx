import { useState } from 'react';
import { ORDER_UPLOAD_ACCEPT, ORDER_UPLOAD_INVALID_TYPE } from '@wh/contracts/orders/http';
import { MAX_UPLOAD_BYTES } from '@wh/contracts/platform/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Disclosure } from '../../../components/ui/disclosure.tsx';
import { FileDrop } from '../../../components/ui/file-drop.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { usePageError } from '../../../lib/timers.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { uploadOrdersCommand } from '../api/orders-api.ts';
import { UploadHelp, UploadResultPanel } from './upload-result-panel.tsx';

const TOO_LARGE = 'File size must be less than 10MB';
const EMPTY_FILE = 'The selected file is empty. Please choose a file with data.';
const ERROR_CLEAR_MS = 5_000;

export interface UploadPanelProps {
  isExpanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
}

/** The collapsible Upload Orders panel (spec section 2, order upload panel). */
export function UploadOrdersPanel({ isExpanded, onExpandedChange }: UploadPanelProps) {
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState(0);
  // Upload errors, the file's own and the server's, clear after 5 seconds (spec section 2).
  const [error, setError] = usePageError(ERROR_CLEAR_MS);
  const upload = useCommand(uploadOrdersCommand);
  const busy = upload.isPending;
  const result = upload.answer ?? null;

  const send = () => {
    if (!file) return;
    if (file.size === 0) {
      setError(EMPTY_FILE);
      return;
    }
    setError(null);
    setPercent(0);
    upload.reset();
    upload.run(
      { file, onProgress: (p) => setPercent(p.percent) },
      { onSuccess: () => setFile(null), onError: (err) => setError(messageOf(err, uploadOrdersCommand.fallbackError)) },
    );
  };

  return (
    <Disclosure title="Upload Orders" isExpanded={isExpanded} onExpandedChange={onExpandedChange}>
      <div className="upload-panel">
        {error ? (
          <Alert title="Upload Error" onDismiss={() => setError(null)}>
            {error}
          </Alert>
        ) : null}
        <FileDrop
          accept={ORDER_UPLOAD_ACCEPT}
          maxBytes={MAX_UPLOAD_BYTES}
          invalidTypeMessage={ORDER_UPLOAD_INVALID_TYPE}
          tooLargeMessage={TOO_LARGE}
          file={file}
          onFile={(f) => {
            setFile(f);
            upload.reset();
          }}
          onReject={setError}
          isDisabled={busy}
        />
        {file ? (
          <div className="upload-actions">
            <Button onPress={send} isDisabled={busy}>
              Upload
            </Button>
          </div>
        ) : null}
        {busy ? (
          percent < 100 ? (
            <ProgressBar label="Uploading..." value={percent} showValue />
          ) : (
            <ProgressBar label="Processing file..." />
          )
        ) : null}
        {result ? <UploadResultPanel result={result} /> : null}
        <UploadHelp />
      </div>
    </Disclosure>
  );
}
