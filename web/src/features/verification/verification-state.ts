// The verification form: which completed order is open, what the bench counted and the discrepancies being reported.
// The queue and the command's answer live in the query cache; the notes are a draft per order (notes-draft.ts).
import type { OrderItem } from '@wh/contracts/orders/http';
import { benchScan, confirmAll, EMPTY_BENCH, type BenchCounts, type BenchFeedback } from './bench.ts';
import { newDiscrepancy, type DiscrepancyDraft } from './discrepancies.ts';

export interface VerificationForm {
  selectedId: number | null;
  discrepancies: DiscrepancyDraft[];
  /** The key the next discrepancy row gets. */
  nextKey: number;
  /** The line a manager is undoing the pick of, while they say why. */
  undoItemId: number | null;
  /** What the bench has counted of the open order, and what the last scan did. */
  bench: BenchCounts;
  feedback: BenchFeedback | null;
}

type Lines = readonly OrderItem[];

export type VerificationEvent =
  | { type: 'selected'; id: number }
  | { type: 'cleared' }
  | { type: 'discrepancy-added'; items: readonly { id: number }[] }
  | { type: 'discrepancy-changed'; key: number; patch: Partial<DiscrepancyDraft> }
  | { type: 'discrepancy-removed'; key: number }
  | { type: 'undo-asked'; itemId: number }
  | { type: 'undo-closed' }
  | { type: 'scanned'; code: string; lines: Lines }
  | { type: 'counted'; itemId: number; counted: number }
  | { type: 'confirmed-all'; lines: Lines }
  | { type: 'wrong-removed'; code: string };

export const EMPTY_FORM: VerificationForm = { selectedId: null, discrepancies: [], nextKey: 1, undoItemId: null, bench: EMPTY_BENCH, feedback: null };
const FRESH = { discrepancies: [], undoItemId: null, bench: EMPTY_BENCH, feedback: null };

export function verificationReducer(form: VerificationForm, event: VerificationEvent): VerificationForm {
  switch (event.type) {
    case 'selected':
      // Another order starts a fresh form; the same one keeps what was typed.
      return event.id === form.selectedId ? form : { ...form, ...FRESH, selectedId: event.id };
    case 'cleared':
      return { ...form, ...FRESH, selectedId: null };
    case 'discrepancy-added':
      return { ...form, discrepancies: [...form.discrepancies, newDiscrepancy(form.nextKey, event.items)], nextKey: form.nextKey + 1 };
    case 'discrepancy-changed':
      return { ...form, discrepancies: form.discrepancies.map((d) => (d.key === event.key ? { ...d, ...event.patch } : d)) };
    case 'discrepancy-removed':
      return { ...form, discrepancies: form.discrepancies.filter((d) => d.key !== event.key) };
    case 'undo-asked':
      return { ...form, undoItemId: event.itemId };
    case 'undo-closed':
      return { ...form, undoItemId: null };
    case 'scanned': {
      const { bench, feedback } = benchScan(form.bench, event.code, event.lines);
      return { ...form, bench, feedback };
    }
    case 'counted':
      return { ...form, bench: { ...form.bench, counts: { ...form.bench.counts, [event.itemId]: event.counted } } };
    case 'confirmed-all':
      return { ...form, bench: confirmAll(form.bench, event.lines), feedback: null };
    case 'wrong-removed':
      return { ...form, bench: { ...form.bench, wrongItems: form.bench.wrongItems.filter((w) => w.code !== event.code) } };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
