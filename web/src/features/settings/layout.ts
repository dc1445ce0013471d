// Pure rules of the warehouse layout page.
import { BIN_CODE_PATTERN, RACK_CODE_PATTERN } from '@wh/contracts/platform/codes';
import type { Location } from '@wh/contracts/inventory/http';
import type { LocationType } from '@wh/contracts/inventory/events';

export const LAYOUT_GROUPS: readonly { type: LocationType; title: string }[] = [
  { type: 'bin', title: 'Bins' },
  { type: 'rack', title: 'Regular Racks' },
  { type: 'jean_rack', title: 'Jean Racks' },
  { type: 'receiving', title: 'Receiving' },
];

// The server lists locations in code order (A-1-10 after A-1-9); grouping keeps that order.
export function groupLocations(locations: readonly Location[]): Record<LocationType, Location[]> {
  const groups: Record<LocationType, Location[]> = { bin: [], rack: [], jean_rack: [], receiving: [] };
  for (const l of locations) groups[l.location_type].push(l);
  return groups;
}

/** Why a location cannot be deactivated from the screen, or null when it can (the server has the last word). */
export function deactivateBlockedReason(location: Location): string | null {
  if (location.location_type === 'receiving') return 'The receiving area is always open';
  if (location.current_stock > 0) return `Holds ${location.current_stock} units; move or adjust them first`;
  return null;
}

const letterIndex = (zone: string) => [...zone].reduce((n, c) => n * 26 + (c.charCodeAt(0) - 64), 0);

/** How many locations a range will hold, for the confirmation text; null when the codes do not form a range. */
export function rangeSize(type: 'bin' | 'rack' | 'jean_rack', from: string, to: string): number | null {
  const f = from.trim().toUpperCase();
  const t = to.trim().toUpperCase();
  if (type === 'bin') {
    const a = BIN_CODE_PATTERN.exec(f);
    const b = BIN_CODE_PATTERN.exec(t);
    if (!a || !b) return null;
    const zones = letterIndex(b[1]!) - letterIndex(a[1]!) + 1;
    const aisles = Number(b[2]) - Number(a[2]) + 1;
    const shelves = Number(b[3]) - Number(a[3]) + 1;
    return zones > 0 && aisles > 0 && shelves > 0 ? zones * aisles * shelves : null;
  }
  const a = RACK_CODE_PATTERN.exec(f);
  const b = RACK_CODE_PATTERN.exec(t);
  if (!a || !b || a[1] !== b[1]) return null;
  const n = Number(b[2]) - Number(a[2]) + 1;
  return n > 0 ? n : null;
}
