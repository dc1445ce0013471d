import { describe, expect, it } from 'vitest';
import { compareVariants, inSizeOrder, sizeRank } from './sizes.ts';

describe('garment size order', () => {
  it('reads numbers numerically, not as text', () => {
    expect(inSizeOrder(['10', '12', '14', '16', '6', '8'])).toEqual(['6', '8', '10', '12', '14', '16']);
    expect(inSizeOrder(['34', '28', '30', '9.5', '32'])).toEqual(['9.5', '28', '30', '32', '34']);
  });

  it('puts letter sizes smallest first, whichever way an extra size is written', () => {
    expect(inSizeOrder(['XL', 'M', 'XXL', 'S', 'L', 'XS'])).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL']);
    expect(inSizeOrder(['3XL', 'XXS', 'xl', '2XS', 'XXXL'])).toEqual(['2XS', 'XXS', 'xl', '3XL', 'XXXL']);
    expect(sizeRank('2XL')).toBe(sizeRank('XXL'));
    expect(sizeRank(' m ')).toBe(sizeRank('M'));
  });

  it('puts numbers before letters, other sizes after them, and Free Size last', () => {
    expect(inSizeOrder(['Free Size', 'S/M', 'L', '8', 'FS', 'One Size', 'M'])).toEqual(['8', 'M', 'L', 'S/M', 'FS', 'Free Size', 'One Size']);
  });

  it('orders variants by style, then size, then colour', () => {
    const v = (style_code: string, size: string, color: string) => ({ style_code, size, color });
    const sorted = [v('KN1010', '12', 'WINE'), v('DR1000', 'FS', 'BLACK'), v('KN1010', '6', 'WINE'), v('KN1010', '6', 'BLACK')].sort(compareVariants);
    expect(sorted.map((x) => `${x.style_code}-${x.size}-${x.color}`)).toEqual(['DR1000-FS-BLACK', 'KN1010-6-BLACK', 'KN1010-6-WINE', 'KN1010-12-WINE']);
  });
});
