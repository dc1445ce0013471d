// The packing bench's rules, pure: what each line should hold (the units picked, or found for a short), what a scan
// does to the counts (a unit of a line, or an item that is no line of the order), and what the verification sends.
import type { OrderItem, VerifyOrderBody } from '@wh/contracts/orders/http';
import { normaliseCode } from '@wh/contracts/platform/codes';
import { resolveScannedCode } from '../../lib/scan-codes.ts';

type Line = Pick<OrderItem, 'id' | 'sku' | 'status' | 'quantity' | 'short_quantity'>;

/** Units the bench should find of a line: picked whole, or those found of a short; none of a line not picked. */
export function expectedUnits(line: Line): number {
  if (line.status === 'short') return line.quantity - (line.short_quantity ?? line.quantity);
  return line.status === 'picked' ? line.quantity : 0;
}

export interface WrongItem {
  code: string;
  quantity: number;
}

export interface BenchCounts {
  /** Units counted per line (by item id); a line absent is not counted yet. */
  counts: Readonly<Record<number, number>>;
  wrongItems: readonly WrongItem[];
}

export const EMPTY_BENCH: BenchCounts = { counts: {}, wrongItems: [] };

export type BenchFeedback = { tone: 'success' | 'error' | 'info'; text: string };

/** A scan at the bench: one more unit of the line with that SKU (the first not yet full), else a wrong item. */
export function benchScan(bench: BenchCounts, raw: string, lines: readonly Line[]): { bench: BenchCounts; feedback: BenchFeedback } {
  const code = normaliseCode(raw);
  const match = resolveScannedCode(code, lines);
  if (!match) {
    const known = bench.wrongItems.find((w) => w.code === code);
    const wrongItems = known ? bench.wrongItems.map((w) => (w === known ? { ...w, quantity: w.quantity + 1 } : w)) : [...bench.wrongItems, { code, quantity: 1 }];
    return { bench: { ...bench, wrongItems }, feedback: { tone: 'error', text: `${code} is not in this order: put it aside.` } };
  }
  const same = lines.filter((l) => l.sku === match.sku);
  const line = same.find((l) => (bench.counts[l.id] ?? 0) < expectedUnits(l)) ?? same[same.length - 1]!;
  const counted = (bench.counts[line.id] ?? 0) + 1;
  const expected = expectedUnits(line);
  const tone = counted > expected ? 'error' : 'success';
  const text = counted > expected ? `${line.sku}: ${counted} counted, only ${expected} picked.` : `${line.sku}: ${counted} of ${expected}.`;
  return { bench: { ...bench, counts: { ...bench.counts, [line.id]: counted } }, feedback: { tone, text } };
}

/** Every line confirmed by hand as picked (what the pick recorded). */
export function confirmAll(bench: BenchCounts, lines: readonly Line[]): BenchCounts {
  return { ...bench, counts: Object.fromEntries(lines.map((l) => [l.id, bench.counts[l.id] ?? expectedUnits(l)])) };
}

/** Lines not counted or confirmed yet: the order is verified only once every line is accounted for. */
export const uncounted = (bench: BenchCounts, lines: readonly Line[]) => lines.filter((l) => bench.counts[l.id] === undefined);

/** The counts and wrong items of a verification, every line counted. */
export function benchPayload(bench: BenchCounts, lines: readonly Line[]): Pick<VerifyOrderBody, 'counts' | 'wrong_items'> {
  return { counts: lines.map((l) => ({ item_id: l.id, counted: bench.counts[l.id] ?? 0 })), wrong_items: bench.wrongItems.map((w) => ({ ...w })) };
}

/** 'Counted 1 of 2', 'Counted 2 of 2', or 'Not counted'. */
export function countLabel(bench: BenchCounts, line: Line): string {
  const counted = bench.counts[line.id];
  return counted === undefined ? 'Not counted' : `Counted ${counted} of ${expectedUnits(line)}`;
}
