// The Inventory screen's Move Stock form rules: a SKU, the location it comes from (one that holds it), where it
// goes, and how many; the server decides the rest (and warns of capacity).
import { normaliseCode } from '@wh/contracts/platform/codes';

export interface MoveDraft {
  /** As typed; the SKU looked up is `found`. */
  sku: string;
  found: string | null;
  from: string | null;
  to: string | null;
  quantity: number;
}

export const EMPTY_MOVE: MoveDraft = { sku: '', found: null, from: null, to: null, quantity: 1 };

export type MoveField = 'sku' | 'from' | 'to' | 'quantity';

export const MOVE_MESSAGES = {
  sku: 'Please select an item',
  from: 'Please choose the location to move from',
  to: 'Please choose the location to move to',
  same: 'Choose a location other than the one the units come from',
  quantity: 'Quantity must be at least 1',
} as const;

/** A put-away: all the units of a SKU waiting in RECEIVING, to a location still to choose. */
export function putAwayDraft(sku: string, quantity: number): MoveDraft {
  return { sku, found: sku, from: 'RECEIVING', to: null, quantity };
}

/** The move to send, or what to fix; `held` is what the from-location holds of the SKU, when known. */
export function parseMove(
  draft: MoveDraft,
  held: number | null,
): { body: { sku: string; from_location: string; to_location: string; quantity: number } } | { errors: Partial<Record<MoveField, string>> } {
  const errors: Partial<Record<MoveField, string>> = {};
  const sku = draft.found ?? normaliseCode(draft.sku);
  if (!sku) errors.sku = MOVE_MESSAGES.sku;
  if (!draft.from) errors.from = MOVE_MESSAGES.from;
  if (!draft.to) errors.to = MOVE_MESSAGES.to;
  else if (draft.to === draft.from) errors.to = MOVE_MESSAGES.same;
  if (!Number.isInteger(draft.quantity) || draft.quantity < 1) errors.quantity = MOVE_MESSAGES.quantity;
  else if (held !== null && draft.from && draft.quantity > held) errors.quantity = `${draft.from} holds only ${held} of ${sku}`;
  if (Object.keys(errors).length > 0 || !draft.from || !draft.to) return { errors };
  return { body: { sku, from_location: draft.from, to_location: draft.to, quantity: draft.quantity } };
}
