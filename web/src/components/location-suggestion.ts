import { suggestLocationBodySchema, type LocationSuggestions, type SuggestLocationBody } from '@wh/contracts/inventory/http';
import { apiData } from '../lib/api-client.ts';
import type { CommandSpec } from '../lib/use-command.ts';
import type { ItemType } from '../lib/stock-options.ts';

// Location suggestion (spec section 5): style code non-empty and quantity above 0; the contract's schema words
// the messages, so the form and the server say the same.

export interface SuggestionDraft {
  styleCode: string;
  quantity: string;
  size: string | null;
  color: string | null;
  itemType: ItemType;
}

export type SuggestionErrors = Partial<Record<'style_code' | 'quantity', string>>;

export function parseSuggestionDraft(draft: SuggestionDraft): { body: SuggestLocationBody; errors: null } | { body: null; errors: SuggestionErrors } {
  const body: SuggestLocationBody = {
    style_code: draft.styleCode,
    quantity: draft.quantity.trim() === '' ? Number.NaN : Number(draft.quantity.trim()),
    size: draft.size,
    color: draft.color,
    item_type: draft.itemType,
  };
  const result = suggestLocationBodySchema.safeParse(body);
  if (result.success) return { body: result.data, errors: null };
  const fields = result.error.flatten().fieldErrors;
  return { body: null, errors: { style_code: fields.style_code?.[0], quantity: fields.quantity?.[0] } };
}

export const suggestLocations = (body: SuggestLocationBody) =>
  apiData<LocationSuggestions>('/inventory/suggest-location', {
    method: 'POST',
    body,
    defaultMessage: 'Failed to get location suggestions',
  });

/** Asks where the stock would fit; a read, run as a command so the form shows it pending and its failure. */
export const suggestLocationsCommand: CommandSpec<SuggestLocationBody, LocationSuggestions> = {
  send: suggestLocations,
  fallbackError: 'Failed to get location suggestions',
};
