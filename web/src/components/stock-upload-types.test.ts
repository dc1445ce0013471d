import { describe, expect, it } from 'vitest';
import { firstPermitted, invalidTypeMessage, uploadChoices } from './stock-upload-types.ts';

const permitted = (role: Parameters<typeof uploadChoices>[0]) =>
  Object.fromEntries(uploadChoices(role).map((c) => [c.kind.type, c.permitted]));

describe('stock upload permissions per role', () => {
  it('a manager may send all three stock files', () => {
    expect(permitted('manager')).toEqual({ 'shopify-stock': true, 'manual-stock': true, 'bin-allocation': true });
  });
  it('an executive2 may send the stock CSV and the manual sheet, not the bin allocation', () => {
    expect(permitted('executive2')).toEqual({ 'shopify-stock': true, 'manual-stock': true, 'bin-allocation': false });
  });
  it('an executive1 may send only the stock CSV', () => {
    expect(permitted('executive1')).toEqual({ 'shopify-stock': true, 'manual-stock': false, 'bin-allocation': false });
  });
  it('a worker may send none, so nothing is chosen', () => {
    expect(permitted('worker')).toEqual({ 'shopify-stock': false, 'manual-stock': false, 'bin-allocation': false });
    expect(firstPermitted(uploadChoices('worker'))).toBeNull();
  });
  it('the style catalogue is for managers only', () => {
    expect(uploadChoices('manager', ['shopify-inventory'])[0]?.permitted).toBe(true);
    expect(uploadChoices('executive2', ['shopify-inventory'])[0]?.permitted).toBe(false);
  });
});

describe('invalid file type message', () => {
  it('names the accepted extensions', () => {
    expect(invalidTypeMessage(['csv'])).toBe('Invalid file type. Please upload .csv files only.');
    expect(invalidTypeMessage(['xlsx', 'xls'])).toBe('Invalid file type. Please upload .xlsx, .xls files only.');
  });
});
