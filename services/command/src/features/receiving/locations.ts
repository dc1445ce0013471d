import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@wh/db';
import { BIN_CODE_PATTERN, RECEIVING_LOCATION, type LocationEvent } from '@wh/contracts';
import { decideNewLocations, type NewLocation } from '../../domain/decide-location.ts';
import { illegalTransition, notFound } from '../../platform/errors.ts';
import type { StreamAppend } from '../../platform/event-store.ts';
import { inChunks } from './catalogue.ts';
import type { Destination } from './decide.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export interface LocationChoice {
  location_id?: number | undefined;
  location?: string | undefined;
}

export interface KnownLocation extends Destination {
  id: number;
  is_active: boolean;
}

// Where approved stock goes: the location chosen by id or code, RECEIVING when none is chosen.
export async function resolveDestination(db: Executor, choice: LocationChoice): Promise<Destination> {
  return destinationOf(choice, await readLocationChoice(db, choice));
}

// The registry row a choice names, if any.
export async function readLocationChoice(db: Executor, choice: LocationChoice) {
  const query = db.selectFrom('location_registry').select(['id', 'code', 'type', 'is_active']);
  return choice.location_id !== undefined
    ? query.where('id', '=', choice.location_id).executeTakeFirst()
    : query.where('code', '=', choice.location ?? RECEIVING_LOCATION).executeTakeFirst();
}

// Pure: the destination a choice resolves to, given the row it names: refused when there is none or it is inactive.
export function destinationOf(
  choice: LocationChoice,
  row: Awaited<ReturnType<typeof readLocationChoice>>,
): Destination {
  if (!row) throw notFound(choice.location_id !== undefined ? 'Location not found' : `Location ${choice.location} does not exist`);
  if (!row.is_active) throw illegalTransition(`Location ${row.code} is inactive. Choose another location.`);
  return { location: row.code, location_type: row.type };
}

export async function locationsByCode(db: Executor, codes: readonly string[]): Promise<Map<string, KnownLocation>> {
  const rows = await inChunks(codes, (chunk) =>
    db.selectFrom('location_registry').select(['id', 'code', 'type', 'is_active']).where('code', 'in', chunk).execute(),
  );
  return new Map(rows.map((r) => [r.code, { id: r.id, location: r.code, location_type: r.type, is_active: r.is_active }]));
}

// A bin-allocation sheet may name locations the layout does not have yet: codes in A-1-1 form are created (J- ones as
// jean racks, the rest as bins) with this capacity, which a manager can change on the Locations tab.
export const ALLOCATED_LOCATION_CAPACITY = 100;

export function creatableLocation(code: string): Destination | null {
  const match = BIN_CODE_PATTERN.exec(code);
  if (!match) return null;
  return { location: code, location_type: match[1] === 'J' ? 'jean_rack' : 'bin' };
}

// Pure: LocationCreated for each location a sheet names that the layout lacks, with the ids drawn for them (in code
// order), decided as a manager's new locations are (domain/decide-location.ts) and registered with the command's
// effects (platform/registries.ts).
export function decideAllocatedLocations(wanted: readonly Destination[], ids: readonly number[], at: string): StreamAppend<LocationEvent>[] {
  const locations = wanted.map((w): NewLocation => {
    const jeans = w.location_type === 'jean_rack';
    return { code: w.location, location_type: jeans ? 'jean_rack' : 'bin', capacity: ALLOCATED_LOCATION_CAPACITY, gender: jeans ? 'unisex' : null };
  });
  return decideNewLocations(locations, { existing: new Set(), ids }, new Date(at)).appends;
}
