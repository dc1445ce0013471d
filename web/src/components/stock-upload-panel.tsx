import { useEffect, useRef, useState } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { Role } from '@wh/contracts/auth/permissions';
import { Alert } from './ui/alert.tsx';
import { messageOf } from '../lib/api-errors.ts';
import { usePageError } from '../lib/timers.ts';
import { useCommand } from '../lib/use-command.ts';
import { newVariantsOf, NewVariantsQuestion } from './new-variants.tsx';
import { stockUploadCommand } from './stock-upload.ts';
import { UploadForm, UploadTypeChoice } from './stock-upload-form.tsx';
import { firstPermitted, NO_PERMISSION, STOCK_FILE_TYPES, STOCK_UPLOAD_KINDS, uploadChoices, type StockUploadType } from './stock-upload-types.ts';
import { UploadOutcome } from './upload-outcome.tsx';

export interface StockUploadPanelProps {
  role: Role;
  /** Which uploads to offer; one type hides the choice. Defaults to the three stock files. */
  types?: readonly StockUploadType[];
  /** Upload errors clear after this long (style upload: 5 s); they stay until dismissed when absent. */
  clearErrorAfterMs?: number;
  /** The calling feature's query keys to refetch after a successful upload; other screens hear of it live. */
  invalidates: readonly QueryKey[];
}

const isAbort = (cause: unknown) => cause instanceof DOMException && cause.name === 'AbortError';

/** An error slot for the file's own problems and the upload's failure: sticky, or clearing itself after a while. */
function useUploadError(clearAfterMs: number | undefined): [string | null, (message: string | null) => void] {
  const timed = usePageError(clearAfterMs ?? 5_000);
  const sticky = useState<string | null>(null);
  return clearAfterMs === undefined ? sticky : timed;
}

// File type choice ('No Permission' for types the role may not send), drop zone, progress and the result card.
export function StockUploadPanel({ role, types = STOCK_FILE_TYPES, clearErrorAfterMs, invalidates }: StockUploadPanelProps) {
  const choices = uploadChoices(role, types);
  const [type, setType] = useState<StockUploadType | null>(() => firstPermitted(choices));
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState(0);
  const [error, setError] = useUploadError(clearErrorAfterMs);
  const upload = useCommand(stockUploadCommand);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const chosen = choices.find((c) => c.kind.type === type && c.permitted)?.kind ?? null;
  // The kind the shown result came from (the choice may have moved on since).
  const resultKind = upload.variables?.kind ?? STOCK_UPLOAD_KINDS[types[0] ?? 'shopify-stock'];

  const asked = newVariantsOf(upload.failure);
  const send = (addVariants = false) => {
    if (!chosen || !file || upload.isPending) return;
    setError(null);
    setPercent(0);
    upload.reset();
    abort.current = new AbortController();
    upload.run(
      { kind: chosen, file, invalidates, onProgress: (p) => setPercent(p.percent), signal: abort.current.signal, addVariants },
      {
        onSuccess: () => setFile(null),
        onError: (cause) => {
          if (!isAbort(cause) && !newVariantsOf(cause)) setError(messageOf(cause, chosen.defaultMessage));
        },
      },
    );
  };

  if (!choices.some((c) => c.permitted)) {
    return <Alert tone="info">{NO_PERMISSION}</Alert>;
  }

  return (
    <div className="stock-upload">
      {choices.length > 1 ? (
        <UploadTypeChoice
          choices={choices}
          value={type}
          onChange={(next) => {
            setType(next);
            setFile(null);
            setError(null);
            // A pending upload's result still shows when it arrives, as it would have without the change of type.
            if (!upload.isPending) upload.reset();
          }}
        />
      ) : null}
      {chosen ? (
        <UploadForm
          kind={chosen}
          file={file}
          onFile={(next) => {
            setFile(next);
            if (next) setError(null);
          }}
          onReject={setError}
          percent={upload.isPending ? percent : null}
          onUpload={() => send()}
        />
      ) : null}
      {asked ? <NewVariantsQuestion problems={asked} onClose={upload.reset} onConfirm={async () => send(true)} /> : null}
      <UploadOutcome
        error={error}
        onDismissError={() => setError(null)}
        result={upload.answer ?? null}
        resultLabels={resultKind.resultLabels}
        onDismissResult={upload.reset}
      />
    </div>
  );
}
