import { useState } from 'react';
import { DropZone, FileTrigger, Text, type FileDropItem } from 'react-aria-components';
import { Button } from './button.tsx';

export interface FileDropProps {
  /** Extensions without the dot, lower case: ['xlsx', 'xls', 'csv']. */
  accept: readonly string[];
  maxBytes: number;
  /** Shown when the extension is not accepted. */
  invalidTypeMessage: string;
  /** Shown when the file is too large. */
  tooLargeMessage: string;
  file: File | null;
  onFile: (file: File | null) => void;
  /** Called with a message when a chosen file is refused before upload. */
  onReject: (message: string) => void;
  isDisabled?: boolean;
  label?: string;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

export function checkFile(file: File, accept: readonly string[], maxBytes: number, messages: { invalidType: string; tooLarge: string }): string | null {
  const ext = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  if (!accept.includes(ext)) return messages.invalidType;
  if (file.size >= maxBytes) return messages.tooLarge;
  return null;
}

// Drag and drop or Select File, with the chosen file's name and size and a remove button.
export function FileDrop(props: FileDropProps) {
  const { accept, maxBytes, file, onFile, onReject, isDisabled = false, label = 'Drag and drop a file here, or' } = props;
  const [dropTarget, setDropTarget] = useState(false);
  const choose = (candidate: File | null | undefined) => {
    if (!candidate) return;
    const problem = checkFile(candidate, accept, maxBytes, { invalidType: props.invalidTypeMessage, tooLarge: props.tooLargeMessage });
    if (problem) {
      onReject(problem);
      return;
    }
    onFile(candidate);
  };
  const acceptAttr = accept.map((e) => `.${e}`);
  return (
    <DropZone
      className={`file-drop ${dropTarget ? 'file-drop-target' : ''}`}
      isDisabled={isDisabled}
      onDropEnter={() => setDropTarget(true)}
      onDropExit={() => setDropTarget(false)}
      onDrop={async (e) => {
        setDropTarget(false);
        const item = e.items.find((i): i is FileDropItem => i.kind === 'file');
        if (item) choose(await item.getFile());
      }}
    >
      {file ? (
        <div className="file-drop-chosen">
          <span className="file-drop-name">{file.name}</span>
          <span className="file-drop-size">{formatBytes(file.size)}</span>
          <Button variant="ghost-danger" size="sm" aria-label="Remove file" onPress={() => onFile(null)} isDisabled={isDisabled}>
            Remove
          </Button>
        </div>
      ) : (
        <div className="file-drop-empty">
          <Text slot="label">{label}</Text>
          <FileTrigger acceptedFileTypes={acceptAttr} onSelect={(files) => choose(files ? Array.from(files)[0] : null)}>
            <Button variant="secondary" size="sm" isDisabled={isDisabled}>
              Select File
            </Button>
          </FileTrigger>
          <Text slot="description" className="muted">
            {accept.map((e) => `.${e}`).join(', ')} · max {formatBytes(maxBytes)}
          </Text>
        </div>
      )}
    </DropZone>
  );
}
