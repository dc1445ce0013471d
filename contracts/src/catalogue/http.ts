import { z } from 'zod';
import { codeInput, skuProblem, styleCodeProblem } from '../platform/codes.ts';
import { barcodeInput } from './barcodes.ts';
import { paginationSchema, queryBoolean } from '../platform/http.ts';
import { idText, limitQuery, pageQuery } from '../platform/input.ts';

const styleCode = codeInput(styleCodeProblem, 'Style code is required');
const styleName = z.string().trim().max(200, 'Style name must be at most 200 characters');
const textList = (label: string) =>
  z
    .array(z.string().trim().min(1, `${label} must not be blank`).max(40, `${label} must be at most 40 characters`))
    .max(50, `At most 50 ${label.toLowerCase()}s`);
const imageList = z.array(z.string().trim().url('Each image must be a URL').max(2000)).max(50, 'At most 50 images');

export const variantSchema = z.object({
  sku: z.string(),
  size: z.string(),
  color: z.string(),
  // Units held in the warehouse across locations (from the stock read model).
  quantity: z.number().int(),
  // The SKU's barcodes in canonical form (barcodes.ts: barcodeKindOf tells each one's kind).
  barcodes: z.array(z.string()),
});
export type Variant = z.infer<typeof variantSchema>;

export const styleSchema = z.object({
  id: z.number().int(),
  style_code: z.string(),
  name: z.string(),
  is_jeans: z.boolean(),
  images: z.array(z.string()),
  sizes: z.array(z.string()),
  colors: z.array(z.string()),
  variants: z.array(variantSchema),
  variant_count: z.number().int(),
  total_stock: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Style = z.infer<typeof styleSchema>;

export const listStylesQuerySchema = z.object({
  // Matches style code or name, partly, case-insensitively.
  search: z.string().trim().max(100).optional(),
  color: z.string().trim().max(40).optional(),
  size: z.string().trim().max(40).optional(),
  is_jeans: queryBoolean.optional(),
  page: pageQuery(),
  limit: limitQuery(200, 50),
});
export type ListStylesQuery = z.input<typeof listStylesQuerySchema>;

export const styleListSchema = z.object({ styles: z.array(styleSchema), pagination: paginationSchema });
export type StyleList = z.infer<typeof styleListSchema>;

// Sizes x colours become the style's variants (SKUs); a later edit may add sizes or colours, never remove a SKU.
export const createStyleBodySchema = z.object({
  style_code: styleCode,
  name: styleName.min(1, 'Style name is required'),
  is_jeans: z.boolean().default(false),
  images: imageList.default([]),
  sizes: textList('Size').default([]),
  colors: textList('Colour').default([]),
});
export type CreateStyleBody = z.input<typeof createStyleBodySchema>;

export const updateStyleBodySchema = z.object({
  style_code: styleCode.optional(),
  name: styleName.min(1, 'Style name is required').optional(),
  is_jeans: z.boolean().optional(),
  images: imageList.optional(),
  sizes: textList('Size').optional(),
  colors: textList('Colour').optional(),
});
export type UpdateStyleBody = z.input<typeof updateStyleBodySchema>;

// A barcode given to one of the style's SKUs (POST /api/styles/:id/barcodes).
export const addBarcodeBodySchema = z.object({
  sku: codeInput(skuProblem, 'SKU is required'),
  barcode: barcodeInput,
});
export type AddBarcodeBody = z.input<typeof addBarcodeBodySchema>;

export const barcodeParamsSchema = z.object({ id: idText(), barcode: barcodeInput });

// GET /api/skus/lookup?code=: a scanned or typed code (a SKU or any of its barcodes) -> the SKU it names.
export const skuLookupQuerySchema = z.object({ code: z.string({ error: 'Code is required' }).trim().min(1, 'Code is required').max(200, 'Code must be at most 200 characters') });

export const skuLookupSchema = z.object({
  sku: z.string(),
  style_id: z.number().int(),
  style_code: z.string(),
  style_name: z.string(),
  size: z.string(),
  color: z.string(),
  barcodes: z.array(z.string()),
  // What the code was: the SKU itself, or one of its barcodes.
  matched: z.enum(['sku', 'barcode']),
});
export type SkuLookup = z.infer<typeof skuLookupSchema>;

// The spec's "Stock-entry upload result", shared by the product-export upload and the stock uploads.
export const uploadRowErrorSchema = z.object({ row: z.number().int(), error: z.string() });
export type UploadRowError = z.infer<typeof uploadRowErrorSchema>;

export const stockEntryUploadResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  processed_records: z.number().int(),
  new_styles: z.number().int(),
  existing_styles: z.number().int(),
  new_variants: z.number().int(),
  updated_inventory: z.number().int(),
  skipped_gift_vouchers: z.number().int(),
  pending_approval: z.number().int(),
  auto_approved: z.number().int(),
  errors: z.array(uploadRowErrorSchema),
});
export type StockEntryUploadResult = z.infer<typeof stockEntryUploadResultSchema>;

// Product-export upload: the result above plus the style codes it created or touched, and the barcodes it added.
export const catalogueUploadResultSchema = stockEntryUploadResultSchema.extend({
  style_codes: z.array(z.string()),
  // Barcodes (Variant Barcode) given to SKUs.
  new_barcodes: z.number().int(),
});
export type CatalogueUploadResult = z.infer<typeof catalogueUploadResultSchema>;

export const STYLE_UPLOAD_ACCEPT = ['csv'] as const;
export const STYLE_UPLOAD_INVALID_TYPE = 'Invalid file type. Please upload .csv files only.';
