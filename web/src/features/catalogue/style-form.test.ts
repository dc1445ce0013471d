import { describe, expect, it } from 'vitest';
import type { Style } from '@wh/contracts/catalogue/http';
import { cardColours, codeLocked, splitList, styleFormValues, validateCreate, validateUpdate } from './style-form.ts';

const style: Style = {
  id: 4,
  style_code: 'DR1000',
  name: 'Wrap Dress',
  is_jeans: false,
  images: ['https://img.example/dr1000.jpg'],
  sizes: ['8', '10'],
  colors: ['Black', 'Red'],
  variants: [],
  variant_count: 4,
  total_stock: 0,
  created_at: '2026-05-01T10:00:00Z',
  updated_at: '2026-05-01T10:00:00Z',
};

describe('style form', () => {
  it('splits lists on commas and lines, dropping blanks and repeats', () => {
    expect(splitList(' Black, red ,,\nRed\nWhite ')).toEqual(['Black', 'red', 'White']);
  });

  it('creates a style with the code upper-cased by the contract', () => {
    const result = validateCreate({ style_code: 'dr2000', name: ' Maxi ', is_jeans: true, sizes: '8, 10', colors: 'Black', images: '' });
    expect(result.body).toEqual({ style_code: 'dr2000', name: 'Maxi', is_jeans: true, sizes: ['8', '10'], colors: ['Black'], images: [] });
    expect(result.errors).toBeNull();
  });

  it('shows the contract messages for a missing code and name, a hyphen and a bad image', () => {
    expect(validateCreate({ style_code: '', name: '', is_jeans: false, sizes: '', colors: '', images: '' }).errors).toEqual({
      style_code: 'Style code is required',
      name: 'Style name is required',
    });
    expect(validateCreate({ style_code: 'DR-1', name: 'x', is_jeans: false, sizes: '', colors: '', images: 'not a url' }).errors).toEqual({
      style_code: 'Style code may contain only letters, digits, dots, slashes and underscores (no hyphens)',
      images: 'Each image must be a URL',
    });
  });

  it('an edit adds new sizes and colours to the style own and sends every field but the fixed code', () => {
    const values = { ...styleFormValues(style), name: 'Wrap Dress II', sizes: '10, 12', colors: 'black' };
    expect(validateUpdate(values, style).body).toEqual({
      name: 'Wrap Dress II',
      is_jeans: false,
      images: ['https://img.example/dr1000.jpg'],
      sizes: ['8', '10', '12'],
      colors: ['Black', 'Red'],
    });
  });

  it('an edit that changes nothing sends nothing', () => {
    expect(validateUpdate(styleFormValues(style), style).body).toEqual({});
  });

  it('locks the style code once the style has SKUs', () => {
    expect(codeLocked(style)).toBe(true);
    expect(codeLocked({ ...style, variant_count: 0 })).toBe(false);
    expect(codeLocked(undefined)).toBe(false);
  });

  it('a card shows six colours and counts the rest', () => {
    expect(cardColours(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'])).toEqual({ shown: ['a', 'b', 'c', 'd', 'e', 'f'], more: 2 });
    expect(cardColours(['a'])).toEqual({ shown: ['a'], more: 0 });
  });
});
