import { useEffect, useState } from 'react';
import { ORDER_UPLOAD_ACCEPT, ORDER_UPLOAD_INVALID_TYPE } from '@wh/contracts/orders/http';
import { MAX_UPLOAD_BYTES } from '@wh/contracts/platform/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Disclosure } from '../../../components/ui/disclosure.tsx';
import { FileDrop } from '../../../components/ui/file-drop.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { uploadOrdersFile, type OrderUploadResult } from '../api/orders-api.ts';
import { rowErrorLines } from '../upload-result.ts';

const TOO_LARGE = 'File size must be less than 10MB';
const EMPTY_FILE = 'The selected file is empty. Please choose a file with data.';
const ERROR_CLEAR_MS = 5_000;

export interface UploadPanelProps {
  onUploaded: () => void;
  isExpanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
}

/** The collapsible Upload Orders panel (spec section 2, order upload panel). */
export function UploadOrdersPanel({ onUploaded, isExpanded, onExpandedChange }: UploadPanelProps) {
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [result, setResult] = useState<OrderUploadResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Upload errors clear after 5 seconds (spec section 2).
  useEffect(() => {
    if (!error) return;
    const id = setTimeout(() => setError(null), ERROR_CLEAR_MS);
    return () => clearTimeout(id);
  }, [error]);

  const busy = percent !== null;

  const upload = async () => {
    if (!file) return;
    if (file.size === 0) {
      setError(EMPTY_FILE);
      return;
    }
    setError(null);
    setResult(null);
    setPercent(0);
    try {
      const answer = await uploadOrdersFile(file, (p) => setPercent(p.percent));
      setResult(answer);
      setFile(null);
      onUploaded();
    } catch (err) {
      setError(messageOf(err, 'Upload failed'));
    } finally {
      setPercent(null);
    }
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
            setResult(null);
          }}
          onReject={setError}
          isDisabled={busy}
        />
        {file ? (
          <div className="upload-actions">
            <Button onPress={() => void upload()} isDisabled={busy}>
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

function UploadResultPanel({ result }: { result: OrderUploadResult }) {
  const lines = rowErrorLines(result.errors);
  return (
    <div className={`upload-result ${result.success ? 'upload-result-ok' : 'upload-result-failed'}`} role="status">
      <p className="upload-result-title">{result.success ? 'Upload Successful' : 'Upload Failed'}</p>
      {result.message ? <p>{result.message}</p> : null}
      <dl className="upload-result-figures">
        <div>
          <dt>Orders processed</dt>
          <dd>{result.total_orders}</dd>
        </div>
        <div>
          <dt>Items processed</dt>
          <dd>{result.total_items}</dd>
        </div>
        <div>
          <dt>Invalid items</dt>
          <dd>{result.invalid_items}</dd>
        </div>
        <div>
          <dt>Skipped gift vouchers</dt>
          <dd>{result.skipped_gift_vouchers}</dd>
        </div>
        {result.skipped_existing_orders > 0 ? (
          <div>
            <dt>Already imported (skipped)</dt>
            <dd>{result.skipped_existing_orders}</dd>
          </div>
        ) : null}
        {result.skipped_fulfilled > 0 ? (
          <div>
            <dt>Fulfilled rows skipped</dt>
            <dd>{result.skipped_fulfilled}</dd>
          </div>
        ) : null}
      </dl>
      {lines.length > 0 ? (
        <ul className="upload-errors" aria-label="Row errors">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function UploadHelp() {
  return (
    <div className="upload-help">
      <p className="upload-help-title">File format</p>
      <ul>
        <li>Required columns: Order #, Item, SKU</li>
        <li>Optional columns: Value, is Fulfilled</li>
        <li>Alternative column names: Order, Title, VALUE, IS FULFILLED</li>
        <li>SKU is the style code, size and colour joined by hyphens (e.g. KN1010-12-WINE)</li>
        <li>An Order # may repeat for several items</li>
        <li>Gift vouchers and gift cards are skipped automatically</li>
        <li>Maximum file size: 10MB</li>
      </ul>
    </div>
  );
}
