// The verification form: which completed order is open and the discrepancies being reported. The queue and the
// command's answer live in the query cache; the notes are a draft per order (notes-draft.ts).
import { newDiscrepancy, type DiscrepancyDraft } from './discrepancies.ts';

export interface VerificationForm {
  selectedId: number | null;
  discrepancies: DiscrepancyDraft[];
  /** The key the next discrepancy row gets. */
  nextKey: number;
}

export type VerificationEvent =
  | { type: 'selected'; id: number }
  | { type: 'cleared' }
  | { type: 'discrepancy-added'; items: readonly { id: number }[] }
  | { type: 'discrepancy-changed'; key: number; patch: Partial<DiscrepancyDraft> }
  | { type: 'discrepancy-removed'; key: number };

export const EMPTY_FORM: VerificationForm = { selectedId: null, discrepancies: [], nextKey: 1 };

export function verificationReducer(form: VerificationForm, event: VerificationEvent): VerificationForm {
  switch (event.type) {
    case 'selected':
      // Another order starts a fresh form; the same one keeps what was typed.
      return event.id === form.selectedId ? form : { ...form, selectedId: event.id, discrepancies: [] };
    case 'cleared':
      return { ...form, selectedId: null, discrepancies: [] };
    case 'discrepancy-added':
      return { ...form, discrepancies: [...form.discrepancies, newDiscrepancy(form.nextKey, event.items)], nextKey: form.nextKey + 1 };
    case 'discrepancy-changed':
      return { ...form, discrepancies: form.discrepancies.map((d) => (d.key === event.key ? { ...d, ...event.patch } : d)) };
    case 'discrepancy-removed':
      return { ...form, discrepancies: form.discrepancies.filter((d) => d.key !== event.key) };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
