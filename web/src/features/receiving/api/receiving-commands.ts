import type { SuccessEnvelope } from '@wh/contracts/platform/http';
import type {
  ApprovedReceipt,
  ApproveReceiptBody,
  BulkApproveBody,
  BulkApproveResult,
  DirectApproval,
  ManualApproveBody,
  RejectReceiptBody,
  StockUploadResult,
} from '@wh/contracts/receiving/http';
import type { CommandSpec } from '../../../lib/use-command.ts';
import type { ManualStockRow } from '../manual-rows.ts';
import { approveReceipt, bulkApproveReceipts, manualApprove, RECEIVED, receivingKeys, rejectReceipt, uploadManualEntry } from './receiving-api.ts';

export const approveReceiptCommand = (id: number): CommandSpec<ApproveReceiptBody, ApprovedReceipt> => ({
  send: (body) => approveReceipt(id, body),
  invalidates: RECEIVED,
  fallbackError: 'Failed to approve stock',
});

/** The receipts go together into one location. */
export const bulkApproveCommand = (ids: readonly number[]): CommandSpec<Omit<BulkApproveBody, 'receipt_ids'>, BulkApproveResult> => ({
  send: (body) => bulkApproveReceipts({ receipt_ids: [...ids], ...body }),
  invalidates: RECEIVED,
  fallbackError: 'Failed to approve stock',
});

export const rejectReceiptCommand = (id: number): CommandSpec<RejectReceiptBody, unknown> => ({
  send: (body) => rejectReceipt(id, body),
  invalidates: [receivingKeys.allReceipts],
  fallbackError: 'Failed to reject stock',
});

export const manualApproveCommand: CommandSpec<ManualApproveBody, SuccessEnvelope<DirectApproval>> = {
  send: manualApprove,
  invalidates: RECEIVED,
  fallbackError: 'Failed to approve stock',
};

export const manualEntryCommand: CommandSpec<{ rows: readonly ManualStockRow[]; addVariants: boolean }, SuccessEnvelope<StockUploadResult>> = {
  send: uploadManualEntry,
  invalidates: RECEIVED,
  fallbackError: 'Failed to upload manual stock file',
};
