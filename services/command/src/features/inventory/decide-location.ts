import { locationTypeLabel, type Gender, type LocationEvent, type LocationType } from '@wh/contracts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { LocationState } from './location.ts';

export type LocationCommand =
  | {
      type: 'CreateLocation';
      data: { location_id: number; code: string; location_type: Exclude<LocationType, 'receiving'>; capacity: number | null; gender: Gender | null };
    }
  // current_stock: units the location holds now (command-side stock_levels), read in the same transaction.
  | {
      type: 'ChangeLocation';
      data: { capacity?: number | null; gender?: Gender | null; is_active?: boolean; walk_sequence?: number | null };
      current_stock: number;
    };

export const locationExists = (code: string) => `Location ${code} already exists`;
export const locationNotFound = (code: string) => `Location ${code} not found`;
export const RECEIVING_FIXED = 'The receiving area cannot be changed';

export function decideLocation(command: LocationCommand, state: LocationState, now: Date): LocationEvent[] {
  const at = now.toISOString();
  switch (command.type) {
    case 'CreateLocation':
      if (state.status !== 'absent') throw conflict(locationExists(state.code));
      return [{ type: 'LocationCreated', data: { ...command.data, gender: command.data.location_type === 'jean_rack' ? command.data.gender : null, at } }];
    case 'ChangeLocation': {
      if (state.status === 'absent') throw notFound('Location not found');
      if (state.location_type === 'receiving') throw conflict(RECEIVING_FIXED);
      const { location_id, code } = state;
      const d = command.data;
      const stock = command.current_stock;
      const events: LocationEvent[] = [];
      if (d.capacity !== undefined && d.capacity !== state.capacity) {
        if (d.capacity === null && state.location_type !== 'rack') {
          throw conflict(`A ${locationTypeLabel(state.location_type).toLowerCase()} needs a capacity`);
        }
        if (d.capacity !== null && d.capacity < stock) {
          throw conflict(`Capacity ${d.capacity} is below the ${stock} units ${code} holds now`);
        }
        events.push({ type: 'LocationCapacityChanged', data: { location_id, code, capacity: d.capacity, at } });
      }
      if (d.gender !== undefined && d.gender !== state.gender) {
        if (state.location_type !== 'jean_rack') throw conflict('Only jean racks have a gender');
        if (d.gender === null) throw conflict('A jean rack needs a gender');
        events.push({ type: 'LocationGenderChanged', data: { location_id, code, gender: d.gender, at } });
      }
      if (d.is_active === false && state.status === 'active') {
        if (stock > 0) throw conflict(`Location ${code} holds ${stock} units: move or adjust them out before deactivating it`);
        events.push({ type: 'LocationDeactivated', data: { location_id, code, at } });
      }
      if (d.is_active === true && state.status === 'inactive') events.push({ type: 'LocationReactivated', data: { location_id, code, at } });
      if (d.walk_sequence !== undefined && d.walk_sequence !== state.walk_sequence) {
        events.push({ type: 'LocationWalkSequenceSet', data: { location_id, code, walk_sequence: d.walk_sequence, at } });
      }
      return events;
    }
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

// Every code of a range: bins zone x aisle x shelf (A-1-1 .. C-4-3), racks prefix and number (R-1 .. R-10).
// The count is checked before a code is made: a range's size never decides how long this runs.
export function expandRange(from: string, to: string, binPattern: RegExp, rackPattern: RegExp, max: number): string[] | string {
  const tooMany = (count: number) => `A range may hold at most ${max} locations; this one holds ${count}`;
  const fb = binPattern.exec(from);
  const tb = binPattern.exec(to);
  if (fb && tb) {
    const [z1, z2] = [zoneIndex(fb[1]!), zoneIndex(tb[1]!)];
    const [a1, a2, s1, s2] = [Number(fb[2]), Number(tb[2]), Number(fb[3]), Number(tb[3])];
    if (fb[1]!.length !== tb[1]!.length || z2 < z1 || a2 < a1 || s2 < s1) return 'The range must run from the lower code to the higher (e.g. A-1-1 to C-4-3)';
    const count = (z2 - z1 + 1) * (a2 - a1 + 1) * (s2 - s1 + 1);
    if (count > max) return tooMany(count);
    const codes: string[] = [];
    for (let z = z1; z <= z2; z++) for (let a = a1; a <= a2; a++) for (let s = s1; s <= s2; s++) codes.push(`${zoneName(z, fb[1]!.length)}-${a}-${s}`);
    return codes;
  }
  const fr = rackPattern.exec(from);
  const tr = rackPattern.exec(to);
  if (fr && tr) {
    if (fr[1] !== tr[1]) return 'Both ends of a rack range need the same prefix (e.g. R-1 to R-10)';
    const [n1, n2] = [Number(fr[2]), Number(tr[2])];
    if (n2 < n1) return 'The range must run from the lower code to the higher (e.g. R-1 to R-10)';
    if (n2 - n1 + 1 > max) return tooMany(n2 - n1 + 1);
    return Array.from({ length: n2 - n1 + 1 }, (_, i) => `${fr[1]}-${n1 + i}`);
  }
  return 'Both ends of a range must have the same form (A-1-1 or R-1)';
}

// Zones as bijective base 26: A..Z, then AA.. for multi-letter zones of the same length.
function zoneIndex(zone: string): number {
  return [...zone].reduce((n, c) => n * 26 + (c.charCodeAt(0) - 65), 0);
}
function zoneName(index: number, length: number): string {
  let name = '';
  for (let i = 0, n = index; i < length; i++, n = Math.floor(n / 26)) name = String.fromCharCode(65 + (n % 26)) + name;
  return name;
}
