import { describe, expect, it } from 'vitest';
import { isGiftItem } from './gift-items.ts';

describe('gift items', () => {
  it('recognises gift vouchers and cards in any field, and leaves ordinary garments alone', () => {
    for (const text of ['Gift Card - £50', 'GIFT-CARD-50', 'E-Gift Voucher', 'egift-25', 'Digital Gift', 'voucher', 'gift-vouchers']) {
      expect(isGiftItem(text), text).toBe(true);
    }
    for (const text of ['Gift Cardigan', 'Cable Jumper 010', 'KN1010-12-WINE', 'Vouchery Dress']) {
      expect(isGiftItem(text), text).toBe(false);
    }
    expect(isGiftItem('Dress', undefined, 'gift-card-handle')).toBe(true);
  });
});
