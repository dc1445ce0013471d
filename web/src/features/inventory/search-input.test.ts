import { describe, expect, it } from 'vitest';
import { asTypedStyleCode, parseSearch, STYLE_CODE_REQUIRED } from './search-input.ts';

describe('inventory search input', () => {
  it('uppercases the style code as it is typed', () => {
    expect(asTypedStyleCode('dr10')).toBe('DR10');
    expect(asTypedStyleCode(' dr1000-8 ')).toBe(' DR1000-8 ');
  });

  it('refuses a blank style code', () => {
    expect(parseSearch({ styleCode: '   ' })).toEqual({ error: STYLE_CODE_REQUIRED });
  });

  it('sends the trimmed style code alone when colour and size are not chosen', () => {
    expect(parseSearch({ styleCode: ' dr1000 ', color: '', size: undefined })).toEqual({ query: { style_code: 'DR1000' } });
  });

  it('adds colour and size when chosen', () => {
    expect(parseSearch({ styleCode: 'DR1000', color: 'Beige', size: '8' })).toEqual({
      query: { style_code: 'DR1000', color: 'Beige', size: '8' },
    });
  });

  it('passes a whole SKU or part of a name through for the server to match', () => {
    expect(parseSearch({ styleCode: 'dr1000-8-beige' })).toEqual({ query: { style_code: 'DR1000-8-BEIGE' } });
    expect(parseSearch({ styleCode: 'wrap midi' })).toEqual({ query: { style_code: 'WRAP MIDI' } });
  });
});
