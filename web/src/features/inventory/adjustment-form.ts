// Adjustment form rules (spec section 5).
import { ADJUSTMENT_REASONS, type AdjustmentReason, type AdjustmentType } from '@wh/contracts/inventory/events';

export { ADJUSTMENT_REASONS };

/** Non-numeric input becomes 1, and the quantity is never below 1. */
export function adjustmentQuantity(text: string): number {
  const n = Number.parseInt(text.trim(), 10);
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

export interface AdjustmentDraft {
  sku: string | null;
  adjustmentType: AdjustmentType;
  quantity: string;
  reason: AdjustmentReason | null;
  location: string | null;
  notes: string;
}

export interface AdjustmentBody {
  sku: string;
  adjustment_type: AdjustmentType;
  quantity: number;
  reason: AdjustmentReason;
  location: string;
  notes?: string;
}

export const ADJUSTMENT_MESSAGES = {
  item: 'Please select an item',
  reason: 'Please select a reason',
  location: 'Please select a location',
} as const;

export function parseAdjustment(draft: AdjustmentDraft): { body: AdjustmentBody } | { errors: Partial<Record<'item' | 'reason' | 'location', string>> } {
  const errors: Partial<Record<'item' | 'reason' | 'location', string>> = {};
  if (!draft.sku) errors.item = ADJUSTMENT_MESSAGES.item;
  if (!draft.reason) errors.reason = ADJUSTMENT_MESSAGES.reason;
  const location = draft.location?.trim().toUpperCase();
  if (!location) errors.location = ADJUSTMENT_MESSAGES.location;
  if (!draft.sku || !draft.reason || !location) return { errors };
  const notes = draft.notes.trim();
  return {
    body: {
      sku: draft.sku,
      adjustment_type: draft.adjustmentType,
      quantity: adjustmentQuantity(draft.quantity),
      reason: draft.reason,
      location,
      ...(notes ? { notes } : {}),
    },
  };
}
