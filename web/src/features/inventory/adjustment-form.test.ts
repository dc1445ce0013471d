import { describe, expect, it } from 'vitest';
import { ADJUSTMENT_MESSAGES, ADJUSTMENT_REASONS, adjustmentQuantity, parseAdjustment, type AdjustmentDraft } from './adjustment-form.ts';

const draft = (patch: Partial<AdjustmentDraft> = {}): AdjustmentDraft => ({
  sku: 'DR1000-8-BEIGE',
  adjustmentType: 'increase',
  quantity: '3',
  reason: 'Found items',
  location: 'a-1-1',
  notes: '',
  ...patch,
});

describe('adjustment quantity', () => {
  it('is the number typed', () => {
    expect(adjustmentQuantity('12')).toBe(12);
  });

  it('becomes 1 when not a number, empty or below 1', () => {
    expect(adjustmentQuantity('abc')).toBe(1);
    expect(adjustmentQuantity('')).toBe(1);
    expect(adjustmentQuantity('0')).toBe(1);
    expect(adjustmentQuantity('-4')).toBe(1);
  });
});

describe('adjustment form', () => {
  it('offers the eight reasons of the spec', () => {
    expect(ADJUSTMENT_REASONS).toHaveLength(8);
    expect(ADJUSTMENT_REASONS[0]).toBe('Physical count discrepancy');
    expect(ADJUSTMENT_REASONS.at(-1)).toBe('Other');
  });

  it('builds the request with the location in upper case and without empty notes', () => {
    expect(parseAdjustment(draft())).toEqual({
      body: { sku: 'DR1000-8-BEIGE', adjustment_type: 'increase', quantity: 3, reason: 'Found items', location: 'A-1-1' },
    });
  });

  it('keeps notes when written', () => {
    const parsed = parseAdjustment(draft({ notes: ' recount ' }));
    expect('body' in parsed && parsed.body.notes).toBe('recount');
  });

  it('needs an item, a reason and a location', () => {
    expect(parseAdjustment(draft({ sku: null, reason: null, location: ' ' }))).toEqual({
      errors: { item: ADJUSTMENT_MESSAGES.item, reason: ADJUSTMENT_MESSAGES.reason, location: ADJUSTMENT_MESSAGES.location },
    });
  });
});
