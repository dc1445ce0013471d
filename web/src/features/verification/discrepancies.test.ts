import { describe, expect, it } from 'vitest';
import { itemOptionLabel, newDiscrepancy, toPayload } from './discrepancies.ts';

describe('verification discrepancies', () => {
  it('start on the order\'s first item, or 0 without items', () => {
    expect(newDiscrepancy(1, [{ id: 7 }, { id: 8 }])).toEqual({ key: 1, item_id: '7', issue: '', resolution: '' });
    expect(newDiscrepancy(2, []).item_id).toBe('0');
  });

  it('send the item id as a whole number and trimmed texts', () => {
    expect(toPayload([{ key: 1, item_id: '8', issue: ' Torn label ', resolution: 'Relabelled ' }])).toEqual([
      { item_id: 8, issue: 'Torn label', resolution: 'Relabelled' },
    ]);
    expect(toPayload([{ key: 1, item_id: 'x', issue: '', resolution: '' }])[0]?.item_id).toBe(0);
  });

  it('label items as sku - style_name', () => {
    expect(itemOptionLabel({ sku: 'KN1010-12-WINE', style_name: 'Cable Jumper 010' })).toBe('KN1010-12-WINE - Cable Jumper 010');
  });
});
