import { describe, expect, it } from 'vitest';
import { parseLocationQuery } from './location-query.ts';

describe('picking location search input', () => {
  it('takes text without a hyphen as the style code', () => {
    expect(parseLocationQuery('  KN1010 ')).toEqual({ style_code: 'KN1010' });
  });

  it('splits on hyphens into style code, colour and size', () => {
    expect(parseLocationQuery('KN1010-WINE-12')).toEqual({ style_code: 'KN1010', color: 'WINE', size: '12' });
    expect(parseLocationQuery('KN1010-WINE')).toEqual({ style_code: 'KN1010', color: 'WINE' });
  });

  it('refuses blank input', () => {
    expect(parseLocationQuery('   ')).toBeNull();
  });
});
