import type { AdjustmentReason, AdjustmentType } from '@wh/contracts/inventory/events';
import { adjustmentQuantity } from './adjustment-form.ts';
import type { SearchQuery } from './search-input.ts';

export type AdjustmentErrors = Partial<Record<'item' | 'reason' | 'location', string>>;

/** The Make Adjustment form as typed: the item finder, the chosen item and what to do with it. */
export interface AdjustmentDraft {
  finder: string;
  finderError: string | undefined;
  found: SearchQuery | null;
  sku: string | null;
  adjustmentType: AdjustmentType;
  quantity: string;
  reason: AdjustmentReason | null;
  location: string | null;
  notes: string;
  errors: AdjustmentErrors;
}

export const EMPTY_ADJUSTMENT: AdjustmentDraft = {
  finder: '',
  finderError: undefined,
  found: null,
  sku: null,
  adjustmentType: 'increase',
  quantity: '1',
  reason: null,
  location: null,
  notes: '',
  errors: {},
};

export type AdjustmentEdit =
  | { type: 'finder'; text: string }
  | { type: 'findFailed'; error: string }
  | { type: 'found'; query: SearchQuery }
  | { type: 'sku'; sku: string | null }
  | { type: 'adjustmentType'; value: AdjustmentType }
  | { type: 'quantity'; text: string }
  | { type: 'settleQuantity' }
  | { type: 'reason'; reason: AdjustmentReason | null }
  | { type: 'location'; location: string | null }
  | { type: 'notes'; text: string }
  | { type: 'refused'; errors: AdjustmentErrors }
  | { type: 'sending'; quantity: number }
  | { type: 'sent' };

export function adjustmentDraftReducer(draft: AdjustmentDraft, edit: AdjustmentEdit): AdjustmentDraft {
  switch (edit.type) {
    case 'finder':
      return { ...draft, finder: edit.text };
    case 'findFailed':
      return { ...draft, finderError: edit.error };
    case 'found':
      return { ...draft, finderError: undefined, found: edit.query, sku: null, location: null };
    case 'sku':
      return { ...draft, sku: edit.sku, location: null, errors: { ...draft.errors, item: undefined } };
    case 'adjustmentType':
      return { ...draft, adjustmentType: edit.value };
    case 'quantity':
      return { ...draft, quantity: edit.text };
    case 'settleQuantity':
      return { ...draft, quantity: String(adjustmentQuantity(draft.quantity)) };
    case 'reason':
      return { ...draft, reason: edit.reason, errors: { ...draft.errors, reason: undefined } };
    case 'location':
      return { ...draft, location: edit.location, errors: { ...draft.errors, location: undefined } };
    case 'notes':
      return { ...draft, notes: edit.text };
    case 'refused':
      return { ...draft, errors: edit.errors };
    case 'sending':
      return { ...draft, errors: {}, quantity: String(edit.quantity) };
    case 'sent':
      return { ...draft, notes: '', quantity: '1' };
  }
}
