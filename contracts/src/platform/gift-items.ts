const GIFT_PATTERN = /\b(?:gift[\s_-]*vouchers?|gift[\s_-]*cards?|vouchers?|e[\s_-]*gift|digital[\s_-]*gift)(?![a-z])/i;

// Gift vouchers and cards are not stock: rows whose SKU, title or item, or handle mention them are skipped.
export function isGiftItem(...fields: (string | undefined)[]): boolean {
  return fields.some((f) => f !== undefined && GIFT_PATTERN.test(f));
}
