import { useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Role } from '@wh/contracts/auth/permissions';
import { MAX_UPLOAD_BYTES } from '@wh/contracts/platform/http';
import { Alert } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';
import { FileDrop } from './ui/file-drop.tsx';
import { ProgressBar } from './ui/progress-bar.tsx';
import { RadioGroup } from './ui/radio-group.tsx';
import { CapacityWarnings } from './capacity-warnings.tsx';
import { UploadResultCard } from './ui/upload-result-card.tsx';
import { resultStats } from './ui/upload-result.ts';
import { messageOf } from '../lib/api-errors.ts';
import { uploadFile } from '../lib/upload.ts';
import { usePageError } from '../lib/timers.ts';
import {
  firstPermitted,
  invalidTypeMessage,
  NO_PERMISSION,
  STOCK_FILE_TYPES,
  STOCK_UPLOAD_KINDS,
  uploadChoices,
  type StockUploadResult,
  type StockUploadType,
} from './stock-upload-types.ts';

const TOO_LARGE = 'File size must be less than 10MB';

export interface StockUploadPanelProps {
  role: Role;
  /** Which uploads to offer; one type hides the choice. Defaults to the three stock files. */
  types?: readonly StockUploadType[];
  /** Upload errors clear after this long (style upload: 5 s); they stay until dismissed when absent. */
  clearErrorAfterMs?: number;
  /** The calling feature's query keys to refetch after a successful upload; other screens hear of it live. */
  invalidates: readonly QueryKey[];
  onUploaded?: (result: StockUploadResult) => void;
}

type Phase = { kind: 'idle' } | { kind: 'sending'; percent: number } | { kind: 'processing' };

// File type choice ('No Permission' for types the role may not send), drop zone, progress and the result card.
export function StockUploadPanel({
  role,
  types = STOCK_FILE_TYPES,
  clearErrorAfterMs,
  invalidates,
  onUploaded,
}: StockUploadPanelProps) {
  const queryClient = useQueryClient();
  const choices = uploadChoices(role, types);
  const [type, setType] = useState<StockUploadType | null>(() => firstPermitted(choices));
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [result, setResult] = useState<StockUploadResult | null>(null);
  // The kind the shown result came from (the choice may have moved on since).
  const [resultKind, setResultKind] = useState(STOCK_UPLOAD_KINDS[types[0] ?? 'shopify-stock']);
  const [timedError, setTimedError] = usePageError(clearErrorAfterMs ?? 5_000);
  const [stickyError, setStickyError] = useState<string | null>(null);
  const error = clearErrorAfterMs === undefined ? stickyError : timedError;
  const setError = clearErrorAfterMs === undefined ? setStickyError : setTimedError;
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const chosen = choices.find((c) => c.kind.type === type && c.permitted)?.kind ?? null;
  const busy = phase.kind !== 'idle';

  const upload = async () => {
    if (!chosen || !file || busy) return;
    setError(null);
    setResult(null);
    abort.current = new AbortController();
    setPhase({ kind: 'sending', percent: 0 });
    try {
      const answer = await uploadFile<StockUploadResult>(chosen.path, file, {
        defaultMessage: chosen.defaultMessage,
        signal: abort.current.signal,
        onProgress: ({ percent }) => setPhase(percent >= 100 ? { kind: 'processing' } : { kind: 'sending', percent }),
      });
      const data: StockUploadResult = { ...answer.data, message: answer.data.message || (answer.message ?? '') };
      setResult(data);
      setResultKind(chosen);
      setFile(null);
      onUploaded?.(data);
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') return;
      setError(messageOf(cause, chosen.defaultMessage));
    } finally {
      setPhase({ kind: 'idle' });
    }
  };

  if (!choices.some((c) => c.permitted)) {
    return <Alert tone="info">{NO_PERMISSION}</Alert>;
  }

  return (
    <div className="stock-upload">
      {choices.length > 1 ? (
        <RadioGroup<StockUploadType>
          label="File Type"
          variant="cards"
          orientation="horizontal"
          value={type}
          onChange={(next) => {
            setType(next);
            setFile(null);
            setError(null);
            setResult(null);
          }}
          options={choices.map(({ kind, permitted }) => ({
            id: kind.type,
            label: kind.label,
            description: permitted ? kind.description : NO_PERMISSION,
            isDisabled: !permitted,
          }))}
        />
      ) : null}

      {chosen ? (
        <>
          <ul className="instructions" aria-label={`${chosen.label} instructions`}>
            {chosen.instructions.map((line) => (
              <li key={line}>{line}</li>
            ))}
            <li>Maximum 10MB.</li>
          </ul>

          <FileDrop
            accept={chosen.accept}
            maxBytes={MAX_UPLOAD_BYTES}
            invalidTypeMessage={invalidTypeMessage(chosen.accept)}
            tooLargeMessage={TOO_LARGE}
            file={file}
            onFile={(next) => {
              setFile(next);
              if (next) setError(null);
            }}
            onReject={setError}
            isDisabled={busy}
          />

          {phase.kind === 'sending' ? <ProgressBar label="Uploading..." value={phase.percent} showValue /> : null}
          {phase.kind === 'processing' ? <ProgressBar label="Processing file..." /> : null}

          <div className="form-actions">
            <Button onPress={() => void upload()} isDisabled={!file || busy} aria-busy={busy || undefined}>
              {busy ? 'Uploading...' : `Upload ${chosen.label}`}
            </Button>
          </div>
        </>
      ) : null}

      <UploadOutcome
        error={error}
        onDismissError={() => setError(null)}
        result={result}
        resultLabels={resultKind.resultLabels}
        onDismissResult={() => setResult(null)}
      />
    </div>
  );
}

export interface UploadOutcomeProps {
  error: string | null;
  onDismissError: () => void;
  result: StockUploadResult | null;
  resultLabels: Readonly<Record<string, string>>;
  onDismissResult: () => void;
}

/** What an upload came to: the 'Upload Error' box, or the result card. */
export function UploadOutcome({ error, onDismissError, result, resultLabels, onDismissResult }: UploadOutcomeProps) {
  return (
    <>
      {error ? (
        <Alert title="Upload Error" onDismiss={onDismissError}>
          {error}
        </Alert>
      ) : null}
      {result ? (
        <UploadResultCard
          success={result.success}
          message={result.message}
          stats={resultStats(result, resultLabels)}
          errors={result.errors}
          onDismiss={onDismissResult}
        />
      ) : null}
      {result?.over_capacity ? <CapacityWarnings overCapacity={result.over_capacity} /> : null}
    </>
  );
}
