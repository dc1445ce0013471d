import type { QueryKey } from '@tanstack/react-query';
import { uploadFile, type UploadProgress } from '../lib/upload.ts';
import type { CommandSpec } from '../lib/use-command.ts';
import { uploadResultOf, type StockUploadKind, type StockUploadResult } from './stock-upload-types.ts';

export interface StockUpload {
  kind: StockUploadKind;
  file: File;
  /** The calling feature's query keys the upload leaves stale; other screens hear of it live. */
  invalidates: readonly QueryKey[];
  onProgress: (progress: UploadProgress) => void;
  signal: AbortSignal;
  /** A manual stock sheet's sizes and colours its styles lack are confirmed additions. */
  addVariants?: boolean;
}

/** Sends a stock or catalogue file to its kind's upload; the answer is what the result card shows. */
export const stockUploadCommand: CommandSpec<StockUpload, StockUploadResult> = {
  send: async ({ kind, file, onProgress, signal, addVariants }) => {
    const path = addVariants ? `${kind.path}?add_variants=true` : kind.path;
    return uploadResultOf(await uploadFile<StockUploadResult>(path, file, { defaultMessage: kind.defaultMessage, onProgress, signal }));
  },
  invalidates: (_answer, { invalidates }) => invalidates,
  // Each kind words its own failure (uploadFile's defaultMessage); this covers one that carries no message at all.
  fallbackError: 'Failed to upload file',
};
