import { sql, type Kysely } from 'kysely';
import type { Database } from '@wh/db';
import {
  compareCodes,
  inCodeOrder,
  locationStreamId,
  RECEIVING_LOCATION,
  walkSequenceOf,
  type Bins,
  type Gender,
  type Location,
  type LocationStock,
  type LocationType,
  type Racks,
  type SelectableLocation,
  type SelectableLocations,
} from '@wh/contracts';
import { foldStreams } from '../../platform/command.ts';
import { escapeLike } from '../../platform/search.ts';
import { skuBarcodes } from '../../platform/style-reads.ts';
import { locationDecider } from '../../domain/location.ts';

type Db = Kysely<Database>;

// RECEIVING is seeded by migration, not created by an event: the read side adds it (id 1, the first registry row).
const RECEIVING_LOCATION_ID = 1;

export interface LocationSummary {
  id: number;
  code: string;
  location_type: LocationType;
  capacity: number | null;
  gender: Gender | null;
  is_active: boolean;
  current_stock: number;
  styles: string[];
  sku_count: number;
  walk_sequence_override: number | null;
  created_at: Date;
  updated_at: Date;
}

// Percent of capacity in use, one decimal. An empty location with no room is 0%, a full one 100%.
export function utilisation(stock: number, capacity: number | null): number | null {
  if (capacity === null) return null;
  if (capacity === 0) return stock > 0 ? 100 : 0;
  return Math.round((stock / capacity) * 1000) / 10;
}

export const availableSpace = (l: { capacity: number | null; current_stock: number }) =>
  l.capacity === null ? null : Math.max(0, l.capacity - l.current_stock);

export const mean = (values: readonly number[]) =>
  values.length === 0 ? 0 : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10;

export async function locationSummaries(
  db: Db,
  filter: { types?: readonly LocationType[]; search?: string; includeInactive?: boolean; codes?: readonly string[] } = {},
): Promise<LocationSummary[]> {
  let q = db
    .selectFrom('rm_locations as l')
    .leftJoin('rm_location_stock as ls', 'ls.location', 'l.code')
    .select([
      'l.id',
      'l.code',
      'l.location_type',
      'l.capacity',
      'l.gender',
      'l.is_active',
      'l.walk_sequence',
      'l.created_at',
      'l.updated_at',
      sql<number>`coalesce(ls.quantity, 0)::float8`.as('current_stock'),
      sql<string[]>`coalesce((select array_agg(s.style_code order by s.quantity desc, s.style_code) from rm_location_styles s
                               where s.location = l.code and s.quantity > 0), '{}')`.as('styles'),
      sql<number>`(select count(*) from rm_stock st where st.location = l.code and st.quantity > 0)::int`.as('sku_count'),
    ]);
  if (filter.types) q = q.where('l.location_type', 'in', filter.types);
  if (!filter.includeInactive) q = q.where('l.is_active', '=', true);
  if (filter.search) q = q.where('l.code', 'ilike', `%${escapeLike(filter.search)}%`);
  if (filter.codes) q = q.where('l.code', 'in', filter.codes.length > 0 ? filter.codes : ['']);
  const rows = await q.execute();
  const list: LocationSummary[] = rows.map(({ walk_sequence, ...r }) => ({
    ...r,
    gender: r.gender as Gender | null,
    walk_sequence_override: walk_sequence === null ? null : Number(walk_sequence),
  }));
  list.sort((a, b) => compareCodes(a.code, b.code));
  return list;
}

async function receivingSummary(db: Db): Promise<LocationSummary> {
  const stock = await db.selectFrom('rm_location_stock').select('quantity').where('location', '=', RECEIVING_LOCATION).executeTakeFirst();
  const styles = await db
    .selectFrom('rm_location_styles')
    .select('style_code')
    .where('location', '=', RECEIVING_LOCATION)
    .where('quantity', '>', '0')
    .orderBy('quantity', 'desc')
    .execute();
  const skus = await db
    .selectFrom('rm_stock')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('location', '=', RECEIVING_LOCATION)
    .where('quantity', '>', 0)
    .executeTakeFirstOrThrow();
  const epoch = new Date(0);
  return {
    id: RECEIVING_LOCATION_ID,
    code: RECEIVING_LOCATION,
    location_type: 'receiving',
    capacity: null,
    gender: null,
    is_active: true,
    current_stock: Number(stock?.quantity ?? 0),
    styles: styles.map((s) => s.style_code),
    sku_count: Number(skus.n),
    walk_sequence_override: null,
    created_at: epoch,
    updated_at: epoch,
  };
}

export function toLocation(l: LocationSummary): Location {
  return {
    id: l.id,
    code: l.code,
    location_type: l.location_type,
    capacity: l.capacity,
    gender: l.gender,
    is_active: l.is_active,
    current_stock: l.current_stock,
    utilization: utilisation(l.current_stock, l.capacity),
    available_space: availableSpace(l),
    styles: l.styles,
    sku_count: l.sku_count,
    walk_sequence: walkSequenceOf({ code: l.code, walk_sequence: l.walk_sequence_override }),
    walk_sequence_override: l.walk_sequence_override,
    created_at: l.created_at.toISOString(),
    updated_at: l.updated_at.toISOString(),
  };
}

export async function listLocations(
  db: Db,
  query: { type?: LocationType; search?: string; include_inactive?: boolean },
): Promise<Location[]> {
  const types = query.type ? [query.type] : undefined;
  const list = query.type === 'receiving' ? [] : await locationSummaries(db, { types, search: query.search, includeInactive: query.include_inactive ?? false });
  const withReceiving = (!query.type || query.type === 'receiving') && (!query.search || RECEIVING_LOCATION.includes(query.search.toUpperCase()));
  return [...(withReceiving ? [await receivingSummary(db)] : []), ...list].map(toLocation);
}

export async function locationByCode(db: Db, code: string): Promise<Location | null> {
  if (code === RECEIVING_LOCATION) return toLocation(await receivingSummary(db));
  const [found] = await locationSummaries(db, { codes: [code], includeInactive: true });
  return found ? toLocation(found) : null;
}

// The location a command's answer carries: as the screens will read it once projected, else from its stream and the
// command side's stock, so a command whose projection is late still answers with what it did. null: no such location.
export async function locationAfterCommand(db: Db, code: string, projected: boolean | undefined): Promise<Location | null> {
  const read = projected === false && code !== RECEIVING_LOCATION ? null : await locationByCode(db, code);
  if (read) return read;
  const streamId = locationStreamId(code);
  const { state } = (await foldStreams(db, locationDecider, [streamId])).get(streamId)!;
  if (state.status === 'absent') return null;
  const held = await db
    .selectFrom('stock_levels as s')
    .leftJoin('variant_registry as v', 'v.sku', 's.sku')
    .select(['s.quantity', 'v.style_code'])
    .where('s.location', '=', code)
    .where('s.quantity', '>', 0)
    .execute();
  const byStyle = new Map<string, number>();
  for (const h of held) if (h.style_code !== null) byStyle.set(h.style_code, (byStyle.get(h.style_code) ?? 0) + h.quantity);
  return toLocation({
    id: state.location_id,
    code: state.code,
    location_type: state.location_type,
    capacity: state.capacity,
    gender: state.gender,
    is_active: state.status === 'active',
    current_stock: held.reduce((n, h) => n + h.quantity, 0),
    styles: [...byStyle].sort(([a, x], [b, y]) => y - x || inCodeOrder(a, b)).map(([style]) => style),
    sku_count: held.length,
    walk_sequence_override: state.walk_sequence,
    created_at: new Date(state.created_at),
    updated_at: new Date(state.updated_at),
  });
}

export async function bins(db: Db): Promise<Bins> {
  const list = await locationSummaries(db, { types: ['bin'], includeInactive: true });
  const shown = list.map((l) => ({
    id: l.id,
    bin_number: l.code,
    current_stock: l.current_stock,
    capacity: l.capacity ?? 0,
    utilization: utilisation(l.current_stock, l.capacity ?? 0) ?? 0,
    styles: l.styles,
    is_active: l.is_active,
  }));
  const active = shown.filter((b) => b.is_active);
  return { bins: shown, total_bins: active.length, average_utilization: mean(active.map((b) => b.utilization)) };
}

export async function racks(db: Db): Promise<Racks> {
  const list = await locationSummaries(db, { types: ['rack', 'jean_rack'], includeInactive: true });
  const regular = list
    .filter((l) => l.location_type === 'rack')
    .map((l) => ({
      id: l.id,
      rack_number: l.code,
      current_items: l.current_stock,
      capacity: l.capacity,
      utilization: utilisation(l.current_stock, l.capacity),
      styles: l.styles,
      is_active: l.is_active,
    }));
  const jean = list
    .filter((l) => l.location_type === 'jean_rack')
    .map((l) => ({
      id: l.id,
      rack_number: l.code,
      gender: l.gender,
      current_stock: l.current_stock,
      capacity: l.capacity ?? 0,
      utilization: utilisation(l.current_stock, l.capacity ?? 0) ?? 0,
      styles: l.styles,
      is_active: l.is_active,
    }));
  const percents = [...regular, ...jean].filter((r) => r.is_active && r.utilization !== null).map((r) => r.utilization as number);
  return { regular_racks: regular, jean_racks: jean, average_utilization: mean(percents) };
}

export async function selectableLocations(db: Db, query: { type?: 'bin' | 'rack' | 'jean_rack' | 'all'; search?: string }): Promise<SelectableLocations> {
  const types: LocationType[] =
    query.type === 'bin' ? ['bin'] : query.type === 'rack' ? ['rack', 'jean_rack'] : query.type === 'jean_rack' ? ['jean_rack'] : ['bin', 'rack', 'jean_rack'];
  const list = await locationSummaries(db, { types, search: query.search });
  const toSelectable = (l: LocationSummary): SelectableLocation => ({
    id: l.id,
    type: l.location_type === 'bin' ? 'bin' : l.location_type === 'jean_rack' ? 'jean_rack' : 'rack',
    location: l.code,
    capacity: l.capacity,
    available_space: availableSpace(l),
    current_stock: l.current_stock,
    gender: l.gender,
  });
  return {
    bins: list.filter((l) => l.location_type === 'bin').map(toSelectable),
    racks: list.filter((l) => l.location_type !== 'bin').map(toSelectable),
  };
}

// What a location holds now, SKU by SKU in code order, with each SKU's style name, size and colour; null: no such
// location.
export async function locationStock(db: Db, code: string): Promise<LocationStock | null> {
  const location = await locationByCode(db, code);
  if (!location) return null;
  const rows = await db
    .selectFrom('rm_stock as s')
    .leftJoin('rm_variants as v', 'v.sku', 's.sku')
    .leftJoin('rm_styles as st', 'st.id', 'v.style_id')
    .select(['s.sku', 's.style_code', 'st.name as style_name', 'v.size', 'v.color', 's.quantity', skuBarcodes('s.sku').as('barcodes')])
    .where('s.location', '=', code)
    .where('s.quantity', '>', 0)
    .execute();
  return { location, stock: rows.sort((a, b) => inCodeOrder(a.sku, b.sku)) };
}
