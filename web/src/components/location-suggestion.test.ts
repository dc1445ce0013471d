import { describe, expect, it } from 'vitest';
import { parseSuggestionDraft } from './location-suggestion.ts';

const draft = { styleCode: ' dr1000 ', quantity: '12', size: null, color: 'Black', itemType: 'regular' as const };

describe('location suggestion form', () => {
  it('sends the style code upper-cased and the quantity as a number', () => {
    expect(parseSuggestionDraft(draft).body).toMatchObject({ style_code: 'DR1000', quantity: 12, color: 'Black', item_type: 'regular' });
  });

  it('needs a style code', () => {
    expect(parseSuggestionDraft({ ...draft, styleCode: '  ' }).errors).toEqual({ style_code: 'Style code is required', quantity: undefined });
  });

  it('needs a quantity above 0', () => {
    for (const quantity of ['', '0', '-3']) {
      expect(parseSuggestionDraft({ ...draft, quantity }).errors?.quantity).toBe('Quantity must be greater than 0');
    }
  });
});
