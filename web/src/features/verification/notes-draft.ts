// The verifier's notes, per order, kept as a draft until the order is verified (lib/drafts.ts): clicking another
// order, leaving the screen or a reload keeps what was typed for each.
import type { DraftSpec } from '../../lib/drafts.ts';

/** Notes by order id (as text: JSON keys). */
export type NotesDraft = Readonly<Record<string, string>>;

const isNotes = (value: unknown): value is NotesDraft =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');

export const notesDraft: DraftSpec<NotesDraft> = {
  name: 'verification-notes',
  empty: {},
  isValid: isNotes,
  isEmpty: (notes) => Object.keys(notes).length === 0,
};

/** The notes with one order's text set; empty text drops the order's entry. */
export function withNote(notes: NotesDraft, orderId: number, text: string): NotesDraft {
  const others = Object.fromEntries(Object.entries(notes).filter(([id]) => id !== String(orderId)));
  return text.trim() === '' ? others : { ...others, [String(orderId)]: text };
}

/** How many of these orders have notes typed and not sent. */
export function ordersWithNotes(notes: NotesDraft, orderIds: readonly number[]): number {
  return orderIds.filter((id) => (notes[String(id)] ?? '').trim() !== '').length;
}
