import { can, type Permission, type Role } from '@wh/contracts/auth/permissions';
import type { SuccessEnvelope } from '@wh/contracts/platform/http';
import { STYLE_UPLOAD_ACCEPT, type StockEntryUploadResult } from '@wh/contracts/catalogue/http';
import type { OverCapacity } from '@wh/contracts/platform/stock';
import { BIN_ALLOCATION_ACCEPT, MANUAL_STOCK_ACCEPT, SHOPIFY_STOCK_ACCEPT } from '@wh/contracts/receiving/http';

export { invalidFileTypeMessage as invalidTypeMessage } from '@wh/contracts/receiving/http';

// The file uploads that feed stock and the catalogue (spec sections 5, 6 and 8): where each goes, what it
// accepts, who may send it and the message when the server gives none.

export type StockUploadType = 'shopify-stock' | 'manual-stock' | 'bin-allocation' | 'shopify-inventory';

export interface StockUploadKind {
  type: StockUploadType;
  label: string;
  description: string;
  path: string;
  accept: readonly string[];
  permission: Permission;
  defaultMessage: string;
  /** What the file must hold, shown beside the drop zone. */
  instructions: readonly string[];
  /** The result counts worth showing for this file, in order. */
  resultLabels: ResultLabels;
}

type ResultLabels = Readonly<Record<string, string>>;
const RECEIPT_RESULT: ResultLabels = {
  processed_records: 'Processed Records',
  units: 'Units',
  pending_approval: 'Pending Approval',
  auto_approved: 'Auto Approved',
  new_styles: 'New Styles',
  skipped_gift_vouchers: 'Skipped Gift Vouchers',
};

const GIFTS_SKIPPED = 'Gift vouchers and cards are skipped automatically.';

export const STOCK_UPLOAD_KINDS: Record<StockUploadType, StockUploadKind> = {
  'shopify-stock': {
    type: 'shopify-stock',
    label: 'Online-shop Stock CSV',
    description: 'Stock export from the online shop (.csv)',
    path: '/files/upload/shopify-stock',
    accept: SHOPIFY_STOCK_ACCEPT,
    permission: 'stock:upload-shopify-stock',
    defaultMessage: 'Failed to upload stock file',
    instructions: [
      'The inventory export of the online shop: SKU (style code, size and colour joined by hyphens) and the quantity On hand (or On hand (current), else Available).',
      GIFTS_SKIPPED,
      'Stock receipts from online-shop stock uploads need Executive 2 approval.',
    ],
    resultLabels: RECEIPT_RESULT,
  },
  'manual-stock': {
    type: 'manual-stock',
    label: 'Manual Stock Excel',
    description: 'Manual stock sheet (.xlsx, .xls)',
    path: '/files/upload/manual-stock',
    accept: MANUAL_STOCK_ACCEPT,
    permission: 'stock:upload-manual-stock',
    defaultMessage: 'Failed to upload manual stock file',
    instructions: [
      'Columns: DATE, ITEM CODE, COLOR, SIZE, QTY, GATEPASS NUMBER.',
      'Dates are MM/DD/YYYY or DD/MM/YYYY.',
      GIFTS_SKIPPED,
      'Rows for known styles wait for Executive 2 approval; unknown styles go to manager approval.',
    ],
    resultLabels: RECEIPT_RESULT,
  },
  'bin-allocation': {
    type: 'bin-allocation',
    label: 'Bin Allocation',
    description: 'Bin allocation sheet (.xlsx, .xls, .csv)',
    path: '/files/upload/bin-allocation',
    accept: BIN_ALLOCATION_ACCEPT,
    permission: 'stock:upload-bin-allocation',
    defaultMessage: 'Failed to upload bin allocation file',
    instructions: [
      'Columns: Bin Number, Style Code, Quantity, Last Updated (optional Color and Size for a single variant).',
      'Bin format like A-1-1. Each row sets how many units the bin holds.',
      GIFTS_SKIPPED,
    ],
    resultLabels: {
      processed_records: 'Processed Records',
      locations: 'Locations',
      updated_inventory: 'Updated Inventory',
      units: 'Units',
      found_units: 'Found Units',
      skipped_gift_vouchers: 'Skipped Gift Vouchers',
    },
  },
  'shopify-inventory': {
    type: 'shopify-inventory',
    label: 'Style Catalog CSV',
    description: 'Product export from the online shop (.csv)',
    path: '/files/upload/shopify-inventory',
    accept: STYLE_UPLOAD_ACCEPT,
    permission: 'styles:manage',
    defaultMessage: 'Failed to upload inventory file',
    instructions: [
      'The product export of the online shop. Required columns: Handle, Title, SKU and the option name and value columns (Option1 Name, Option1 Value, Option2 Name, Option2 Value).',
      'Variant Barcode, when present, gives each SKU its barcode (EAN-13, UPC-A, GTIN-14 or EAN-8, check digit checked).',
      GIFTS_SKIPPED,
    ],
    resultLabels: {
      processed_records: 'Processed Records',
      new_styles: 'New Styles',
      existing_styles: 'Existing Styles',
      new_variants: 'New Variants',
      new_barcodes: 'New Barcodes',
      skipped_gift_vouchers: 'Skipped Gift Vouchers',
    },
  },
};

/** The three stock file types of the upload panel, in the spec's order. */
export const STOCK_FILE_TYPES: readonly StockUploadType[] = ['shopify-stock', 'manual-stock', 'bin-allocation'];

export const NO_PERMISSION = 'No Permission';

export interface UploadChoice {
  kind: StockUploadKind;
  permitted: boolean;
}

export function uploadChoices(role: Role, types: readonly StockUploadType[] = STOCK_FILE_TYPES): UploadChoice[] {
  return types.map((type) => ({ kind: STOCK_UPLOAD_KINDS[type], permitted: can(role, STOCK_UPLOAD_KINDS[type].permission) }));
}

/** The first type the role may send, chosen when the panel opens. */
export function firstPermitted(choices: readonly UploadChoice[]): StockUploadType | null {
  return choices.find((c) => c.permitted)?.kind.type ?? null;
}

// Every stock and catalogue upload answers the spec's Stock-entry upload result (some with more counts); stock uploads
// also name the locations they took past their capacity.
export type StockUploadResult = StockEntryUploadResult & { over_capacity?: OverCapacity[] };

/** The result card's answer: the result's own message, else the envelope's. */
export function uploadResultOf<T extends StockEntryUploadResult>(answer: SuccessEnvelope<T>): T {
  return { ...answer.data, message: answer.data.message || (answer.message ?? '') };
}
