// Location labels: which locations a print covers, and what each label says.
import { normaliseCode } from '@wh/contracts/platform/codes';
import type { Location } from '@wh/contracts/inventory/http';
import { locationTypeLabel } from '../../lib/location-types.ts';

export type LabelType = 'bin' | 'rack' | 'jean_rack';
export const LABEL_TYPES: readonly LabelType[] = ['bin', 'rack', 'jean_rack'];
// A sheet holds ten labels; a print of fifty sheets is as much as a browser lays out without a long wait.
export const MAX_LABELS = 500;

export interface LabelRange {
  from: string;
  to: string;
  /** Only locations of this type; every labelled type when absent. */
  type?: LabelType;
}

export interface LocationLabel {
  code: string;
  /** The type in words: Bin, Rack, Jean rack. */
  type: string;
}

export type LabelSelection = { ok: true; labels: LocationLabel[] } | { ok: false; message: string };

const PLURALS: Record<LabelType, string> = { bin: 'bins', rack: 'racks', jean_rack: 'jean racks' };

const isLabelType = (value: string): value is LabelType => (LABEL_TYPES as readonly string[]).includes(value);

export const labelOf = (location: Pick<Location, 'code' | 'location_type'>): LocationLabel => ({
  code: location.code,
  type: locationTypeLabel(location.location_type),
});

/** Bins, racks and jean racks in use get labels; the receiving area and deactivated locations do not. */
export const isLabelled = (location: Pick<Location, 'location_type' | 'is_active'>): boolean =>
  location.is_active && isLabelType(location.location_type);

/**
 * The labels for the locations from `from` to `to` inclusive, in the order the layout lists them (the server's
 * location order), or why there are none. `locations` is the whole layout: the range is taken by position, then
 * narrowed to labelled locations of the type asked for.
 */
export function selectLabelRange(locations: readonly Location[], range: LabelRange): LabelSelection {
  const from = normaliseCode(range.from);
  const to = normaliseCode(range.to);
  if (from === '' || to === '') return { ok: false, message: 'Enter the first and the last location code of the range' };
  const start = locations.findIndex((l) => l.code === from);
  if (start < 0) return { ok: false, message: `No location ${from} in the layout` };
  const end = locations.findIndex((l) => l.code === to);
  if (end < 0) return { ok: false, message: `No location ${to} in the layout` };
  if (end < start) return { ok: false, message: `The range is reversed: ${from} comes after ${to} in the layout order` };
  const chosen = locations.slice(start, end + 1).filter((l) => isLabelled(l) && (range.type === undefined || l.location_type === range.type));
  if (chosen.length === 0) {
    const what = range.type ? PLURALS[range.type] : 'bins or racks';
    return { ok: false, message: `No ${what} in use from ${from} to ${to}` };
  }
  if (chosen.length > MAX_LABELS) {
    return { ok: false, message: `${chosen.length} labels in that range; print at most ${MAX_LABELS} at a time` };
  }
  return { ok: true, labels: chosen.map(labelOf) };
}

/** The print view's address for a range (one location: from and to the same code). */
export function labelsPrintPath(range: LabelRange): string {
  const query = new URLSearchParams({ from: range.from, to: range.to, ...(range.type ? { type: range.type } : {}) });
  return `/print/labels?${query.toString()}`;
}

/** The range a print view's address asks for, or why it cannot be read. */
export function labelRangeOf(search: URLSearchParams): { ok: true; range: LabelRange } | { ok: false; message: string } {
  const range: LabelRange = { from: search.get('from') ?? '', to: search.get('to') ?? '' };
  const type = search.get('type') ?? '';
  if (type === '') return { ok: true, range };
  return isLabelType(type) ? { ok: true, range: { ...range, type } } : { ok: false, message: 'Type must be bin, rack or jean_rack' };
}
