import { describe, expect, it } from 'vitest';
import { MAX_MONEY, moneyCell, numberDomains, wholeNumberCell } from './input.ts';

describe('sheet cells read into number domains', () => {
  it('a whole-number cell is digits, with thousands commas or a zero fraction; never an exponent, hex or 16 digits', () => {
    expect(['20', '20.0', '1,000,000', ' -5 ', '0'].map(wholeNumberCell)).toEqual([20, 20, 1_000_000, -5, 0]);
    expect(['1e3', '0x10', '2.5', '', 'ten', '1234567890123456', '+3'].map(wholeNumberCell)).toEqual([null, null, null, null, null, null, null]);
  });

  it('a Value cell is a plain amount from 0 to the column with at most 2 decimals; a computed cell\'s binary error is cents', () => {
    expect(['12.50', '£12.50', '$ 7', '12,345.67', '9999999999.99', '0', '0.30000000000000004'].map(moneyCell)).toEqual([
      12.5, 12.5, 7, 12345.67, MAX_MONEY, 0, 0.3,
    ]);
    expect(['12,345,678,901', '-50', '1.7976931348623157e308', '12.345', '-0.01', '10000000000', '1,2', ''].map(moneyCell)).toEqual([
      null, null, null, null, null, null, null, null,
    ]);
  });

  it('the event schemas hold the same bounds', () => {
    expect(numberDomains.money.safeParse(MAX_MONEY).success).toBe(true);
    expect(numberDomains.money.safeParse(0.125).success).toBe(false);
    expect(numberDomains.quantity.safeParse(1_000_001).success).toBe(false);
    expect(numberDomains.id.safeParse(0).success).toBe(false);
    expect(numberDomains.stockDelta.safeParse(-(2 ** 31)).success).toBe(false);
  });
});
