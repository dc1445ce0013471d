import type { Kysely } from 'kysely';
import type { Database } from '@wh/db';
import { compareCodes, type LocationSuggestion, type LocationSuggestions } from '@wh/contracts';
import { availableSpace, locationSummaries, type LocationSummary } from './location-queries.ts';

const MAX_SUGGESTIONS = 5;

export interface SuggestionRequest {
  style_code: string;
  quantity: number;
  item_type?: 'regular' | 'jeans' | undefined;
}

// Prefer locations already holding the style with room, then the right kind of location (jean racks for jeans,
// bins otherwise) with the most free space; regular racks without a capacity last. Each says why.
export function rankLocations(locations: readonly LocationSummary[], request: SuggestionRequest, isJeans: boolean): LocationSuggestion[] {
  const preferred = isJeans ? 'jean_rack' : 'bin';
  const kindName = isJeans ? 'jean rack' : 'bin';
  const q = request.quantity;
  const free = (l: LocationSummary) => availableSpace(l) ?? Number.POSITIVE_INFINITY;
  const byFreeSpace = (a: LocationSummary, b: LocationSummary) => free(b) - free(a) || compareCodes(a.code, b.code);
  const picked = new Map<string, LocationSuggestion>();
  const add = (list: LocationSummary[], reason: (l: LocationSummary) => string) => {
    for (const l of list) if (!picked.has(l.code)) picked.set(l.code, suggestion(l, reason(l)));
  };
  const candidates = locations.filter((l) => l.is_active && l.location_type !== 'receiving' && (isJeans || l.location_type !== 'jean_rack'));
  const holding = candidates.filter((l) => l.styles.includes(request.style_code) && free(l) >= q).sort(byFreeSpace);
  add(holding, (l) => `Already holds ${request.style_code}; room for ${roomText(l)}`);
  const sameKind = candidates.filter((l) => l.location_type === preferred && free(l) >= q).sort(byFreeSpace);
  add(sameKind, (l) => `${l.current_stock === 0 ? 'Empty' : 'Free'} ${kindName} with the most free space: room for ${roomText(l)}`);
  const racks = candidates.filter((l) => l.location_type === 'rack' && free(l) >= q).sort(byFreeSpace);
  add(racks, (l) => (l.capacity === null ? 'Regular rack without a set capacity' : `Regular rack with room for ${roomText(l)}`));
  const partial = candidates.filter((l) => free(l) > 0 && free(l) < q).sort(byFreeSpace);
  add(partial, (l) => `Only room for ${roomText(l)} of ${q}: split the stock across locations`);
  return [...picked.values()].slice(0, MAX_SUGGESTIONS);
}

const roomText = (l: LocationSummary) => {
  const space = availableSpace(l);
  return space === null ? 'any number of units' : `${space} more unit${space === 1 ? '' : 's'}`;
};

function suggestion(l: LocationSummary, reason: string): LocationSuggestion {
  return {
    location: l.code,
    location_id: l.id,
    type: l.location_type === 'bin' ? 'bin' : 'rack',
    location_type: l.location_type,
    available_space: availableSpace(l),
    current_capacity: l.current_stock,
    capacity: l.capacity,
    reason,
  };
}

export async function suggestLocations(db: Kysely<Database>, request: SuggestionRequest): Promise<LocationSuggestions> {
  const style = await db.selectFrom('rm_styles').select('is_jeans').where('style_code', '=', request.style_code).executeTakeFirst();
  const isJeans = request.item_type ? request.item_type === 'jeans' : (style?.is_jeans ?? false);
  const locations = await locationSummaries(db, { types: ['bin', 'rack', 'jean_rack'] });
  return { suggested_locations: rankLocations(locations, request, isJeans) };
}
