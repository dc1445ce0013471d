import { describe, expect, it } from 'vitest';
import { EMPTY_MOVE, MOVE_MESSAGES, parseMove, putAwayDraft } from './move-form.ts';

describe('the Move Stock form', () => {
  const filled = { sku: 'dr1012-8-blue', found: 'DR1012-8-BLUE', from: 'A-1-1', to: 'B-2-3', quantity: 2 };

  it('sends the SKU looked up, both ends and the quantity', () => {
    expect(parseMove(filled, 5)).toEqual({ body: { sku: 'DR1012-8-BLUE', from_location: 'A-1-1', to_location: 'B-2-3', quantity: 2 } });
  });

  it('says what is missing', () => {
    expect(parseMove(EMPTY_MOVE, null)).toEqual({ errors: { sku: MOVE_MESSAGES.sku, from: MOVE_MESSAGES.from, to: MOVE_MESSAGES.to } });
    expect(parseMove({ ...filled, quantity: 0 }, 5)).toEqual({ errors: { quantity: MOVE_MESSAGES.quantity } });
  });

  it('refuses the same location at both ends and more than the from-location holds', () => {
    expect(parseMove({ ...filled, to: 'A-1-1' }, 5)).toEqual({ errors: { to: MOVE_MESSAGES.same } });
    expect(parseMove({ ...filled, quantity: 6 }, 5)).toEqual({ errors: { quantity: 'A-1-1 holds only 5 of DR1012-8-BLUE' } });
  });

  it('a put-away moves every unit waiting in RECEIVING, to a location still to choose', () => {
    expect(putAwayDraft('DR1012-8-BLUE', 4)).toEqual({ sku: 'DR1012-8-BLUE', found: 'DR1012-8-BLUE', from: 'RECEIVING', to: null, quantity: 4 });
    expect(parseMove({ ...putAwayDraft('DR1012-8-BLUE', 4), to: 'A-1-1' }, 4)).toMatchObject({ body: { from_location: 'RECEIVING', quantity: 4 } });
  });
});
