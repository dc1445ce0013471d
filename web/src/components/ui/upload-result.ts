// Pure rules of the upload result card (spec section 8): the first few row errors, then a count of the rest.

export interface RowError {
  row: number;
  error: string;
}

export const STOCK_RESULT_ERROR_LIMIT = 5;

export interface ErrorLines {
  lines: string[];
  /** '... and K more errors', or null when every error is listed. */
  more: string | null;
}

export function errorLines(errors: readonly RowError[], limit = STOCK_RESULT_ERROR_LIMIT): ErrorLines {
  const lines = errors.slice(0, limit).map((e) => `Row ${e.row}: ${e.error}`);
  const rest = errors.length - lines.length;
  return { lines, more: rest > 0 ? `... and ${rest} more errors` : null };
}

export interface ResultStat {
  label: string;
  value: number;
}

/** The counts worth showing: those the answer carries, in the order given. */
export function resultStats(result: object, labels: Readonly<Record<string, string>>): ResultStat[] {
  const values = new Map(Object.entries(result));
  const out: ResultStat[] = [];
  for (const [key, label] of Object.entries(labels)) {
    const value = values.get(key);
    if (typeof value === 'number') out.push({ label, value });
  }
  return out;
}
