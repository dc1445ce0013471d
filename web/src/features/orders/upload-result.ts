// The order upload result panel (spec section 2): up to 10 row errors, then '... and N more errors'.

export interface RowError {
  row: number;
  error: string;
}

export const SHOWN_ROW_ERRORS = 10;

export function rowErrorLines(errors: readonly RowError[], shown = SHOWN_ROW_ERRORS): string[] {
  const lines = errors.slice(0, shown).map((e) => `Row ${e.row}: ${e.error}`);
  if (errors.length > shown) lines.push(`... and ${errors.length - shown} more errors`);
  return lines;
}

/** The imported orders with items no location holds, each with those SKUs: the first 10, then '... and N more orders'. */
export function noStockLines(noStock: readonly { order_number: string; skus: readonly string[] }[], total: number, shown = SHOWN_ROW_ERRORS): string[] {
  const lines = noStock.slice(0, shown).map((o) => `${o.order_number}: ${o.skus.join(', ')}`);
  if (total > lines.length) lines.push(`... and ${total - lines.length} more orders`);
  return lines;
}
