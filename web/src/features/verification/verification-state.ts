// The verification form: which completed order is open, its notes and the discrepancies being reported. The queue
// and the command's answer live in the query cache.
import { newDiscrepancy, type DiscrepancyDraft } from './discrepancies.ts';

export interface VerificationForm {
  selectedId: number | null;
  notes: string;
  discrepancies: DiscrepancyDraft[];
  /** The key the next discrepancy row gets. */
  nextKey: number;
  /** The line a manager is undoing the pick of, while they say why. */
  undoItemId: number | null;
}

export type VerificationEvent =
  | { type: 'selected'; id: number }
  | { type: 'cleared' }
  | { type: 'notes'; text: string }
  | { type: 'discrepancy-added'; items: readonly { id: number }[] }
  | { type: 'discrepancy-changed'; key: number; patch: Partial<DiscrepancyDraft> }
  | { type: 'discrepancy-removed'; key: number }
  | { type: 'undo-asked'; itemId: number }
  | { type: 'undo-closed' };

export const EMPTY_FORM: VerificationForm = { selectedId: null, notes: '', discrepancies: [], nextKey: 1, undoItemId: null };

export function verificationReducer(form: VerificationForm, event: VerificationEvent): VerificationForm {
  switch (event.type) {
    case 'selected':
      // Another order starts a fresh form; the same one keeps what was typed.
      return event.id === form.selectedId ? form : { ...form, selectedId: event.id, notes: '', discrepancies: [] };
    case 'cleared':
      return { ...form, selectedId: null, notes: '', discrepancies: [] };
    case 'notes':
      return { ...form, notes: event.text };
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
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
