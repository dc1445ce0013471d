import { MAX_UPLOAD_BYTES } from '@wh/contracts/platform/http';
import { Button } from './ui/button.tsx';
import { FileDrop } from './ui/file-drop.tsx';
import { ProgressBar } from './ui/progress-bar.tsx';
import { RadioGroup } from './ui/radio-group.tsx';
import { invalidTypeMessage, NO_PERMISSION, type StockUploadKind, type StockUploadType, type UploadChoice } from './stock-upload-types.ts';

const TOO_LARGE = 'File size must be less than 10MB';

export interface UploadTypeChoiceProps {
  choices: readonly UploadChoice[];
  value: StockUploadType | null;
  onChange: (type: StockUploadType) => void;
}

/** The File Type cards; a type the role may not send says 'No Permission' and cannot be chosen. */
export function UploadTypeChoice({ choices, value, onChange }: UploadTypeChoiceProps) {
  return (
    <RadioGroup<StockUploadType>
      label="File Type"
      variant="cards"
      orientation="horizontal"
      value={value}
      onChange={onChange}
      options={choices.map(({ kind, permitted }) => ({
        id: kind.type,
        label: kind.label,
        description: permitted ? kind.description : NO_PERMISSION,
        isDisabled: !permitted,
      }))}
    />
  );
}

export interface UploadFormProps {
  kind: StockUploadKind;
  file: File | null;
  onFile: (file: File | null) => void;
  onReject: (message: string) => void;
  /** Whole percent sent while the upload is pending; null while none is. */
  percent: number | null;
  onUpload: () => void;
}

/** The chosen kind's instructions, its drop zone, the upload's progress and the Upload button. */
export function UploadForm({ kind, file, onFile, onReject, percent, onUpload }: UploadFormProps) {
  const busy = percent !== null;
  return (
    <>
      <ul className="instructions" aria-label={`${kind.label} instructions`}>
        {kind.instructions.map((line) => (
          <li key={line}>{line}</li>
        ))}
        <li>Maximum 10MB.</li>
      </ul>

      <FileDrop
        accept={kind.accept}
        maxBytes={MAX_UPLOAD_BYTES}
        invalidTypeMessage={invalidTypeMessage(kind.accept)}
        tooLargeMessage={TOO_LARGE}
        file={file}
        onFile={onFile}
        onReject={onReject}
        isDisabled={busy}
      />

      {busy && percent < 100 ? <ProgressBar label="Uploading..." value={percent} showValue /> : null}
      {busy && percent >= 100 ? <ProgressBar label="Processing file..." /> : null}

      <div className="form-actions">
        <Button onPress={onUpload} isDisabled={!file || busy} aria-busy={busy || undefined}>
          {busy ? 'Uploading...' : `Upload ${kind.label}`}
        </Button>
      </div>
    </>
  );
}
