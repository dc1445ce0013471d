import { describe, expect, it } from 'vitest';
import { adjustmentDraftReducer, EMPTY_ADJUSTMENT } from './adjustment-draft.ts';

describe('adjustment draft', () => {
  it('starts the item and location again when a new search finds items', () => {
    const chosen = [
      { type: 'sku', sku: 'DR1-BLK-M' },
      { type: 'location', location: 'A-1-1' },
      { type: 'found', query: { style_code: 'DR2' } },
    ] as const;
    const draft = chosen.reduce(adjustmentDraftReducer, EMPTY_ADJUSTMENT);
    expect(draft).toMatchObject({ sku: null, location: null, found: { style_code: 'DR2' } });
  });

  it('clears a field error once the field is chosen, and the notes and quantity once sent', () => {
    const refused = adjustmentDraftReducer(EMPTY_ADJUSTMENT, { type: 'refused', errors: { reason: 'Reason is required' } });
    expect(adjustmentDraftReducer(refused, { type: 'reason', reason: 'Damaged goods' }).errors.reason).toBeUndefined();
    const typed = adjustmentDraftReducer(adjustmentDraftReducer(EMPTY_ADJUSTMENT, { type: 'notes', text: 'x' }), { type: 'quantity', text: '5' });
    expect(adjustmentDraftReducer(typed, { type: 'sent' })).toMatchObject({ notes: '', quantity: '1' });
  });
});
