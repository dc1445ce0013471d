import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SelectableLocations } from '@wh/contracts/inventory/http';
import {
  type ApprovedReceipt,
  type ApproveReceiptBody,
  type AvailableSkus,
  type BulkApproveBody,
  type BulkApproveResult,
  type DirectApproval,
  type ManualApproveBody,
  type Receipt,
  type ReceiptList,
  type RecentApprovals,
  type RejectReceiptBody,
  type StockUploadResult,
} from '@wh/contracts/receiving/http';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { uploadFile } from '../../../lib/upload.ts';
import type { LiveKeys } from '../../../lib/live-topics.ts';
import { toCsv, type ManualStockRow } from '../manual-rows.ts';

export const receivingKeys = {
  allReceipts: ['receipts'] as const,
  // The stock the approval screens show sits under 'inventory', beside the inventory screen's.
  stock: ['inventory'] as const,
  receipts: (filter: ReceiptsFilter) => ['receipts', 'list', filter] as const,
  recent: ['receipts', 'recent'] as const,
  availableSkus: (search: string) => ['inventory', 'available-skus', search] as const,
  locations: ['inventory', 'selectable-locations'] as const,
  suggestions: (r: Pick<Receipt, 'style_code' | 'quantity' | 'size' | 'color'>) =>
    ['inventory', 'suggestions', r.style_code, r.quantity, r.size, r.color] as const,
};

// A decided receipt leaves the list and moves stock; stock, styles and locations change what can be approved where.
const STOCK = [receivingKeys.stock];
export const receivingLiveKeys: LiveKeys = {
  receipts: [receivingKeys.allReceipts, receivingKeys.stock],
  inventory: STOCK,
  styles: STOCK,
  locations: STOCK,
};

// After stock is received: the receipts and every stock figure the approval screens show.
export const RECEIVED = [receivingKeys.allReceipts, receivingKeys.stock];

export const AVAILABLE_SKU_LIMIT = 20;
export const RECENT_APPROVALS = { limit: 50, days: 7 } as const;

export interface ReceiptsFilter {
  search: string;
  page: number;
}

// Enough receipts on a page that selecting all on it approves a delivery's worth in one action.
export const RECEIPTS_PER_PAGE = 50;

export const receiptsQuery = (filter: ReceiptsFilter) =>
  queryOptions({
    queryKey: receivingKeys.receipts(filter),
    queryFn: ({ signal }) =>
      apiData<ReceiptList>('/stock-approval/receipts', {
        query: { status: 'pending', search: filter.search.trim() || undefined, page: filter.page, limit: RECEIPTS_PER_PAGE },
        defaultMessage: 'Failed to fetch receipts',
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const availableSkusQuery = (search: string) =>
  queryOptions({
    queryKey: receivingKeys.availableSkus(search),
    queryFn: ({ signal }) =>
      apiData<AvailableSkus>('/stock-approval/available-skus', {
        query: { search: search.trim() || undefined, limit: AVAILABLE_SKU_LIMIT },
        defaultMessage: 'Failed to fetch available items',
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const selectableLocationsQuery = () =>
  queryOptions({
    queryKey: receivingKeys.locations,
    queryFn: ({ signal }) =>
      apiData<SelectableLocations>('/stock-approval/locations', { defaultMessage: 'Failed to fetch locations', signal }),
  });

export const recentApprovalsQuery = () =>
  queryOptions({
    queryKey: receivingKeys.recent,
    queryFn: ({ signal }) =>
      apiData<RecentApprovals>('/stock-approval/recent', {
        query: RECENT_APPROVALS,
        defaultMessage: 'Failed to fetch recent approvals',
        signal,
      }),
  });

export const approveReceipt = (id: number, body: ApproveReceiptBody) =>
  apiData<ApprovedReceipt>(`/stock-approval/receipts/${id}/approve`, { method: 'POST', body, defaultMessage: 'Failed to approve stock' });

export const bulkApproveReceipts = (body: BulkApproveBody) =>
  apiData<BulkApproveResult>('/stock-approval/receipts/bulk-approve', { method: 'POST', body, defaultMessage: 'Failed to approve stock' });

export const rejectReceipt = (id: number, body: RejectReceiptBody) =>
  apiData<unknown>(`/stock-approval/receipts/${id}/reject`, { method: 'POST', body, defaultMessage: 'Failed to reject stock' });

export const manualApprove = (body: ManualApproveBody) =>
  apiRequest<DirectApproval>('/stock-approval/manual-approve', { method: 'POST', body, defaultMessage: 'Failed to approve stock' });

// The spec sends the Manual Entry rows as a generated CSV, which the manual-stock upload route accepts.
export function manualEntryFile(rows: readonly ManualStockRow[]): { blob: Blob; filename: string } {
  return { blob: new Blob([toCsv(rows)], { type: 'text/csv' }), filename: 'manual-entry.csv' };
}

/** addVariants: the sizes and colours the rows name that their styles lack are confirmed additions. */
export function uploadManualEntry({ rows, addVariants }: { rows: readonly ManualStockRow[]; addVariants: boolean }) {
  const { blob, filename } = manualEntryFile(rows);
  const path = `/files/upload/manual-stock${addVariants ? '?add_variants=true' : ''}`;
  return uploadFile<StockUploadResult>(path, blob, { defaultMessage: 'Failed to upload manual stock file' }, filename);
}
