// A realistic warehouse history for the benchmarks, written as events (the source of truth) with the command-side
// tables the commands need, then turned into read models by the real projector rebuild.
//
//   BENCH_ORDERS=10000 npx tsx bench/generate.ts        (default 1,000,000 orders)
//
// The history: 5,000 styles x 5 sizes x 4 colours = 100,000 SKUs, 5,000 bins, a receipt per SKU into its home bin at
// the start of the year, then a year of orders (1-5 items, about 3 on average), uploaded three times a day, assigned,
// picked item by item (stock-moving events with `movements`), completed and verified, with cancellations,
// reassignments and stock adjustments mixed in; about a quarter of the units shipped come back in parcels, graded and
// restocked (see "Returns" below). The last days are still in progress, as a live warehouse is.
// Deterministic: one seeded PRNG per order and per day, so a rerun writes the same events.
//
// The database is cached: `bench_o<orders>_v<GENERATOR_VERSION>` on the server, reused when its bench_meta row says
// it is complete. Bump GENERATOR_VERSION when the history's shape changes.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { createDatabase, migrate } from '@wh/db';
import {
  adjustmentStreamId,
  EVENTS,
  locationStreamId,
  orderStreamId,
  receiptStreamId,
  RETURNS_LOCATION,
  returnStreamId,
  SECONDS_LOCATION,
  styleStreamId,
  userStreamId,
  type EventMetadata,
  type ReturnGrade,
  type ReturnReason,
} from '@wh/contracts';
import { approvalReason } from '../services/command/src/features/receiving/decide.ts';

export const GENERATOR_VERSION = 2;
export const BENCH_PASSWORD_USER = 'admin';

const SEED = 0x5eed_2025;
const YEAR_START = Date.UTC(2025, 0, 1);
const DAYS = 365;
const DAY_MS = 86_400_000;
const STYLES = 5_000;
const SIZES = ['6', '8', '10', '12', '14'];
const JEANS_SIZES = ['28', '30', '32', '34', '36'];
const COLOURS = ['Black', 'White', 'Navy', 'Wine', 'Grey', 'Blue', 'Red', 'Green', 'Camel', 'Pink', 'Cream', 'Olive'];
const AISLES = ['A', 'B', 'C', 'D', 'E'];
const RACKS = 20;
const SHELVES = 50; // 5 x 20 x 50 = 5,000 bins
const WORKERS = 50;
const MANAGER_ID = 2;
const SUPERVISOR_ID = 3;
const FIRST_WORKER_ID = 4;
const ADJUSTMENTS_PER_DAY = 50;

const CATEGORIES: [prefix: string, nouns: string[]][] = [
  ['KN', ['Cable Jumper', 'Cardigan', 'Knit Vest', 'Roll Neck']],
  ['TP', ['Linen Shirt', 'Tee', 'Blouse', 'Tank Top']],
  ['DR', ['Midi Dress', 'Wrap Dress', 'Shirt Dress', 'Slip Dress']],
  ['SK', ['Pleated Skirt', 'Denim Skirt', 'Mini Skirt']],
  ['JN', ['Straight Jeans', 'Skinny Jeans', 'Wide Leg Jeans', 'Mom Jeans']],
  ['JK', ['Bomber Jacket', 'Trench Coat', 'Blazer', 'Puffer Jacket']],
  ['TR', ['Cargo Trousers', 'Chinos', 'Joggers', 'Tailored Trousers']],
];
const ADJECTIVES = ['Classic', 'Relaxed', 'Cropped', 'Oversized', 'Fitted', 'Organic', 'Vintage', 'Soft', 'Ribbed', 'Striped', 'Essential', 'Boxy'];

// mulberry32: small, fast and good enough to make a plausible history.
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const mix = (a: number, b: number) => (Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35)) >>> 0;

interface Style {
  id: number;
  code: string;
  name: string;
  jeans: boolean;
  sizes: string[];
  colours: string[];
}
interface Sku {
  sku: string;
  style: Style;
  size: string;
  color: string;
  bin: string;
  price: number;
}

function catalogue(): { styles: Style[]; skus: Sku[]; bins: string[] } {
  const bins: string[] = [];
  for (const aisle of AISLES) for (let r = 1; r <= RACKS; r++) for (let s = 1; s <= SHELVES; s++) bins.push(`${aisle}-${r}-${s}`);
  const rnd = prng(SEED);
  const styles: Style[] = [];
  const skus: Sku[] = [];
  for (let i = 0; i < STYLES; i++) {
    const [prefix, nouns] = CATEGORIES[i % CATEGORIES.length]!;
    const noun = nouns[Math.floor(rnd() * nouns.length)]!;
    const adjective = ADJECTIVES[Math.floor(rnd() * ADJECTIVES.length)]!;
    const jeans = prefix === 'JN';
    const start = Math.floor(rnd() * COLOURS.length);
    const colours = [0, 1, 2, 3].map((k) => COLOURS[(start + k * 3) % COLOURS.length]!);
    const style: Style = {
      id: i + 1,
      code: `${prefix}${1000 + i}`,
      name: `${adjective} ${noun} ${100 + (i % 900)}`,
      jeans,
      sizes: jeans ? JEANS_SIZES : SIZES,
      colours,
    };
    styles.push(style);
    const price = 15 + Math.floor(rnd() * 120) + 0.99;
    for (const size of style.sizes)
      for (const color of colours)
        skus.push({ sku: `${style.code}-${size}-${color.toUpperCase()}`, style, size, color, bin: bins[Math.floor(rnd() * bins.length)]!, price });
  }
  return { styles, skus, bins };
}

interface Item {
  item_id: number;
  sku: Sku;
  quantity: number;
}

// An order's items from its own PRNG: the demand pre-pass and the event pass see the same items.
function orderItems(orderId: number, skus: readonly Sku[], firstItemId: number): Item[] {
  const rnd = prng(mix(SEED, orderId));
  const r = rnd();
  const count = r < 0.15 ? 1 : r < 0.35 ? 2 : r < 0.65 ? 3 : r < 0.85 ? 4 : 5;
  const items: Item[] = [];
  for (let k = 0; k < count; k++) {
    // Skewed popularity: a few best sellers, a long tail.
    const sku = skus[Math.floor(skus.length * rnd() ** 2.2)]!;
    const q = rnd();
    items.push({ item_id: firstItemId + k, sku, quantity: q < 0.85 ? 1 : q < 0.97 ? 2 : 3 });
  }
  return items;
}

interface PendingEvent {
  t: number;
  seq: number;
  stream: string;
  version: number;
  type: string;
  data: Record<string, unknown>;
  actor: number;
  role: string;
  // Filled when the event is emitted, from the stock at that moment.
  pick?: { sku: Sku; quantity: number };
  // Units the event moves (a return's restock), applied to the stock when it is emitted.
  stock?: { key: string; delta: number }[];
}

// ---------- Returns ----------

// About a quarter of the units shipped come back (online fashion sends back 20-40%), in one parcel per order, 3 to
// 13 days after the verification; 4% arrive without a slip (unmatched) and are matched 1 to 3 days later. Fit is the
// main reason: evenly too small and too large, except that every eighth style runs small in its two smallest sizes and
// the next one large in its two largest. A and B units go back to the SKU's bin (a third by way of RETURNS, put away
// 1 to 4 days later), C to SECONDS, D are written off.
const RETURN_RATE = 0.25;
const UNMATCHED_RATE = 0.04;
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

function fitLean(sku: Sku): 'small' | 'large' | null {
  const i = sku.style.sizes.indexOf(sku.size);
  if (sku.style.id % 8 === 0 && i < 2) return 'small';
  if (sku.style.id % 8 === 1 && i >= sku.style.sizes.length - 2) return 'large';
  return null;
}

function reasonOf(r: number, lean: 'small' | 'large' | null): ReturnReason {
  const fit = 0.55;
  if (r < fit) return r < fit * (lean === 'small' ? 0.85 : lean === 'large' ? 0.15 : 0.5) ? 'too_small' : 'too_large';
  if (r < 0.69) return 'not_as_pictured';
  if (r < 0.89) return 'changed_mind';
  if (r < 0.95) return 'faulty';
  if (r < 0.975) return 'damaged_in_transit';
  if (r < 0.99) return 'wrong_item_sent';
  return 'other';
}

function gradeOf(r: number, reason: ReturnReason): ReturnGrade {
  if (reason === 'faulty' || reason === 'damaged_in_transit') return r < 0.5 ? 'C' : 'D';
  return r < 0.7 ? 'A' : r < 0.95 ? 'B' : 'C';
}

interface ParcelLine {
  item: Item;
  quantity: number;
  reason: ReturnReason;
  grade: ReturnGrade;
}

type Placement =
  | { kind: 'bin' | 'seconds' | 'write-off'; at: number }
  // Into RETURNS, put away to the bin later.
  | { kind: 'returns'; at: number; putAway: number };

interface Parcel {
  lines: ParcelLine[];
  received: number;
  // When an unmatched parcel is matched; null for one matched at once.
  matched: number | null;
  placements: Placement[];
}

// What an order's customer sends back, from the order's own PRNG (the rest of the history draws from others).
function parcelOf(orderId: number, items: readonly Item[], verifiedAt: number): Parcel | null {
  const rnd = prng(mix(SEED ^ 0x7e7, orderId));
  const lines: ParcelLine[] = [];
  for (const item of items) {
    let back = 0;
    for (let u = 0; u < item.quantity; u++) if (rnd() < RETURN_RATE) back++;
    if (back === 0) continue;
    const reason = reasonOf(rnd(), fitLean(item.sku));
    lines.push({ item, quantity: back, reason, grade: gradeOf(rnd(), reason) });
  }
  if (lines.length === 0) return null;
  const received = verifiedAt + 3 * DAY_MS + Math.floor(rnd() * 10 * DAY_MS);
  const matched = rnd() < UNMATCHED_RATE ? received + DAY_MS + Math.floor(rnd() * 2 * DAY_MS) : null;
  const ready = matched ?? received;
  const placements = lines.map((l): Placement => {
    if (l.grade === 'C') return { kind: 'seconds', at: ready + 30 * MINUTE_MS + Math.floor(rnd() * 8 * HOUR_MS) };
    if (l.grade === 'D') return { kind: 'write-off', at: ready + HOUR_MS + Math.floor(rnd() * 23 * HOUR_MS) };
    if (rnd() < 0.65) return { kind: 'bin', at: ready + 10 * MINUTE_MS + Math.floor(rnd() * 6 * HOUR_MS) };
    return { kind: 'returns', at: ready + 10 * MINUTE_MS + Math.floor(rnd() * HOUR_MS), putAway: ready + DAY_MS + Math.floor(rnd() * 3 * DAY_MS) };
  });
  return { lines, received, matched, placements };
}

type ScheduledEvent = Omit<PendingEvent, 'seq' | 'version' | 'stream'>;

// A parcel's events in the order they happen (its stream's versions), each with the units it moves.
function parcelEvents(returnId: number, ref: { order_id: number; order_number: string }, parcel: Parcel): ScheduledEvent[] {
  const bench = { actor: SUPERVISOR_ID, role: 'executive2' };
  const lineOf = (l: ParcelLine, k: number, matched: boolean) => ({
    line: k + 1, order_item_id: matched ? l.item.item_id : null, sku: l.item.sku.sku, style_code: l.item.sku.style.code, size: l.item.sku.size,
    colour: l.item.sku.color, quantity: l.quantity, reason: l.reason, reason_note: l.reason === 'other' ? 'Bought as a gift' : null, grade: l.grade,
  });
  const unmatched = parcel.matched !== null;
  const out: ScheduledEvent[] = [
    {
      t: parcel.received, type: 'ReturnReceived', ...bench,
      data: {
        return_id: returnId, order_id: unmatched ? null : ref.order_id, order_number: unmatched ? null : ref.order_number, scanned: unmatched ? null : ref.order_number,
        note: unmatched ? 'No slip in the parcel' : null, lines: parcel.lines.map((l, k) => lineOf(l, k, !unmatched)), at: iso(parcel.received),
      },
    },
  ];
  if (parcel.matched !== null) {
    out.push({ t: parcel.matched, type: 'ReturnMatched', ...bench, data: { return_id: returnId, ...ref, lines: parcel.lines.map((l, k) => lineOf(l, k, true)), at: iso(parcel.matched) } });
  }
  parcel.lines.forEach((l, k) => {
    const sku = l.item.sku;
    const move = (location: string, delta: number) => ({ sku: sku.sku, style_code: sku.style.code, location, delta });
    const restock = (t: number, from: string | null, to: string): ScheduledEvent => {
      const movements = [...(from ? [move(from, -l.quantity)] : []), move(to, l.quantity)];
      return {
        t, type: 'ReturnRestocked', ...bench, stock: movements.map((m) => ({ key: `${m.sku}|${m.location}`, delta: m.delta })),
        data: {
          return_id: returnId, order_id: ref.order_id, line: k + 1, sku: sku.sku, style_code: sku.style.code, quantity: l.quantity, grade: l.grade,
          from_location: from, location: to, over_capacity: null, movements, at: iso(t),
        },
      };
    };
    const p = parcel.placements[k]!;
    switch (p.kind) {
      case 'bin':
        out.push(restock(p.at, null, sku.bin));
        break;
      case 'seconds':
        out.push(restock(p.at, null, SECONDS_LOCATION));
        break;
      case 'returns':
        out.push(restock(p.at, null, RETURNS_LOCATION), restock(p.putAway, RETURNS_LOCATION, sku.bin));
        break;
      case 'write-off':
        out.push({
          t: p.at, type: 'ReturnWrittenOff', actor: MANAGER_ID, role: 'manager',
          data: {
            return_id: returnId, order_id: ref.order_id, line: k + 1, sku: sku.sku, style_code: sku.style.code, quantity: l.quantity, grade: l.grade,
            from_location: null, note: 'Not fit to sell', movements: [], at: iso(p.at),
          },
        });
        break;
      default: {
        const exhaustive: never = p;
        throw new Error(`unknown placement ${JSON.stringify(exhaustive)}`);
      }
    }
  });
  // Strictly after one another: the stream's versions follow the times.
  out.sort((a, b) => a.t - b.t);
  for (let i = 1; i < out.length; i++) if (out[i]!.t <= out[i - 1]!.t) out[i]!.t = out[i - 1]!.t + 1;
  for (const e of out) if (typeof e.data.at === 'string') e.data.at = iso(e.t);
  return out;
}

const iso = (t: number) => new Date(t).toISOString();
const day = (t: number) => iso(t).slice(0, 10);

function copyValue(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

export interface HistoryInfo {
  url: string;
  database: string;
  orders: number;
  items: number;
  skus: number;
  bins: number;
  events: number;
  // Parcels sent back and the units in them.
  parcels: number;
  returnedUnits: number;
  generateSeconds: number;
  rebuildSeconds: number;
  reused: boolean;
}

export function databaseName(orders: number): string {
  return `bench_o${orders}_v${GENERATOR_VERSION}`;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

// The cached history for this scale, generated (events, command tables, rebuilt read models) when absent.
export async function ensureHistory(pgUrl: string, orders: number, log: (m: string) => void): Promise<HistoryInfo> {
  const name = databaseName(orders);
  const url = withDatabase(pgUrl, name);
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (exists) {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        const { rows } = await c.query<{ value: HistoryInfo }>(
          "select value from bench_meta where key = 'complete'",
        ).catch(() => ({ rows: [] as { value: HistoryInfo }[] }));
        if (rows[0]) {
          log(`reusing ${name} (${rows[0].value.events.toLocaleString('en-GB')} events)`);
          // Migrations added since the history was made change read models: rebuild them from the same events.
          const applied = await migrate(url);
          if (applied.length > 0) {
            log(`applied ${applied.join(', ')}: rebuilding the read models`);
            await rebuild(url, log);
          }
          return { ...rows[0].value, url, reused: true };
        }
      } finally {
        await c.end();
      }
      // Events written but the read models not yet built (an interrupted first rebuild): rebuild only.
      const c2 = new pg.Client({ connectionString: url });
      await c2.connect();
      const events = await c2
        .query<{ value: Omit<HistoryInfo, 'url' | 'database' | 'rebuildSeconds' | 'reused'> }>("select value from bench_meta where key = 'events'")
        .then((r) => r.rows[0]?.value, () => undefined)
        .finally(() => c2.end());
      if (events) {
        log(`${name}: events present, building the read models`);
        await migrate(url);
        return complete(url, name, events, await rebuild(url, log));
      }
      log(`${name} is incomplete: dropping it`);
    }
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  await migrate(url);
  const started = performance.now();
  const counts = await writeHistory(url, orders, log);
  const generateSeconds = (performance.now() - started) / 1000;
  log(`events written in ${generateSeconds.toFixed(0)} s; rebuilding read models`);
  const { db, close } = createDatabase(url, { application: 'bench-generate' });
  try {
    await sql`create table if not exists bench_meta (key text primary key, value jsonb not null)`.execute(db);
    await sql`insert into bench_meta values ('events', ${JSON.stringify({ ...counts, generateSeconds })}::jsonb)`.execute(db);
  } finally {
    await close();
  }
  return complete(url, name, { ...counts, generateSeconds }, await rebuild(url, log));
}

async function complete(
  url: string,
  name: string,
  counts: Omit<HistoryInfo, 'url' | 'database' | 'rebuildSeconds' | 'reused'>,
  rebuildSeconds: number,
): Promise<HistoryInfo> {
  const info: HistoryInfo = { url, database: name, ...counts, rebuildSeconds, reused: false };
  const { db, close } = createDatabase(url, { application: 'bench-generate' });
  try {
    await sql`insert into bench_meta values ('complete', ${JSON.stringify(info)}::jsonb)`.execute(db);
    return info;
  } finally {
    await close();
  }
}

async function rebuild(url: string, log: (m: string) => void): Promise<number> {
  const { seconds } = await timedRebuild(url, log);
  const { db, close } = createDatabase(url, { application: 'bench-generate' });
  try {
    await sql`vacuum analyze`.execute(db);
    return seconds;
  } finally {
    await close();
  }
}

const LOADER = fileURLToPath(new URL('../scripts/ts-loader.mjs', import.meta.url));
const REBUILD_CHILD = fileURLToPath(new URL('./lib/rebuild-child.ts', import.meta.url));

// The real rebuild as deployed (bench/lib/rebuild-child.ts: the services' loader, in a process of its own), its log
// passed on. BENCH_REBUILD_BATCH sets the events a batch for experiments; otherwise the rebuild's own default.
// `pace`: the rebuild's share of the time (rebuild.ts, RebuildOptions.pace), 1 unless given.
export async function timedRebuild(url: string, log: (m: string) => void, options: { pace?: number } = {}): Promise<{ events: number; seconds: number }> {
  const batch = process.env.BENCH_REBUILD_BATCH ?? '';
  const child = spawn(process.execPath, ['--import', LOADER, REBUILD_CHILD, url, batch, String(options.pace ?? 1)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let result: { events: number; seconds: number } | undefined;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.startsWith('result ')) result = JSON.parse(line.slice('result '.length)) as { events: number; seconds: number };
    else log(line);
  }
  const code = await exited;
  if (code !== 0 || !result) throw new Error(`the rebuild exited with ${code}`);
  return result;
}

async function writeHistory(
  url: string,
  orderCount: number,
  log: (m: string) => void,
): Promise<{ orders: number; items: number; skus: number; bins: number; events: number; parcels: number; returnedUnits: number }> {
  const { styles, skus, bins } = catalogue();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let events = 0;
  const lines: string[] = [];
  let nextMeta = 0;
  const push = (stream: string, version: number, type: string, data: unknown, actor: number | null, role: string | null, t: number) => {
    const metadata: EventMetadata = { actor_id: actor, actor_role: role, correlation_id: `gen-${(nextMeta++).toString(36)}`, causation_id: null, client_ip: null };
    // Written as the event store writes it: at its type's current version.
    lines.push(`${copyValue(stream)}\t${version}\t${type}\t${EVENTS.currentVersion(type)}\t${copyValue(JSON.stringify(data))}\t${copyValue(JSON.stringify(metadata))}\t${iso(t)}\n`);
    events++;
  };
  const flush = async (force = false) => {
    if (lines.length === 0 || (!force && lines.length < 50_000)) return;
    const chunk = lines.splice(0, lines.length);
    const stream = client.query(
      copyStreams.from('copy events (stream_id, stream_version, event_type, schema_version, data, metadata, recorded_at) from stdin'),
    );
    await pipeline(Readable.from(chunk), stream);
  };
  const copyRows = async (table: string, columns: string, rows: Iterable<string>) => {
    const stream = client.query(copyStreams.from(`copy ${table} (${columns}) from stdin`));
    await pipeline(Readable.from(rows), stream);
  };

  try {
    // Users: a manager, a supervisor (verifies) and the pickers. The admin (user 1) is the service's own bootstrap.
    const t0 = YEAR_START - 7 * DAY_MS;
    const users: [number, string, string, string][] = [
      [MANAGER_ID, 'manager', 'Maya Manager', 'manager'],
      [SUPERVISOR_ID, 'supervisor', 'Sam Supervisor', 'executive2'],
      ...Array.from({ length: WORKERS }, (_, i): [number, string, string, string] => [FIRST_WORKER_ID + i, `picker${i + 1}`, `Picker ${i + 1}`, 'worker']),
    ];
    for (const [id, username, full_name, role] of users)
      push(userStreamId(id), 1, 'UserCreated', { user_id: id, username, email: null, full_name, role, is_active: true, at: iso(t0) }, null, null, t0);
    await copyRows('user_registry', 'id, username, role, status', users.map(([id, username, , role]) => `${id}\t${username}\t${role}\tactive\n`));
    await client.query(`select setval('user_id_seq', ${FIRST_WORKER_ID + WORKERS})`);

    // Layout and catalogue.
    const t1 = t0 + 3600_000;
    bins.forEach((code, i) =>
      push(locationStreamId(code), 1, 'LocationCreated', { location_id: i + 2, code, location_type: 'bin', capacity: 500, gender: null, at: iso(t1) }, MANAGER_ID, 'manager', t1),
    );
    await copyRows('location_registry', 'id, code, type, capacity, gender, is_active, version', bins.map((code, i) => `${i + 2}\t${code}\tbin\t500\t\\N\tt\t1\n`));
    await client.query(`select setval(pg_get_serial_sequence('location_registry', 'id'), ${bins.length + 1})`);
    const t2 = t1 + 3600_000;
    for (const s of styles) {
      const variants = skus.filter((k) => k.style === s).map((k) => ({ sku: k.sku, size: k.size, color: k.color }));
      push(styleStreamId(s.id), 1, 'StyleCreated', { style_id: s.id, style_code: s.code, name: s.name, is_jeans: s.jeans, images: [], variants, source: 'shopify_upload', at: iso(t2) }, MANAGER_ID, 'manager', t2);
    }
    await copyRows('style_registry', 'id, style_code, name, is_jeans, version', styles.map((s) => `${s.id}\t${s.code}\t${s.name}\t${s.jeans ? 't' : 'f'}\t1\n`));
    await client.query(`select setval(pg_get_serial_sequence('style_registry', 'id'), ${styles.length})`);
    await copyRows('variant_registry', 'sku, style_code, size, color', skus.map((k) => `${k.sku}\t${k.style.code}\t${k.size}\t${k.color}\n`));
    await flush(true);
    log(`catalogue: ${styles.length} styles, ${skus.length} SKUs, ${bins.length} bins`);

    // Orders: ids 1..N spread over the year; the demand pre-pass sizes the opening stock so the year's picks find it.
    const perDay = orderCount / DAYS;
    const firstOrderOfDay = (d: number) => Math.floor(d * perDay) + 1;
    const skuIndex = new Map(skus.map((k, i) => [k, i]));
    const demand = new Int32Array(skus.length);
    let itemTotal = 0;
    for (let id = 1; id <= orderCount; id++) {
      for (const item of orderItems(id, skus, 0)) demand[skuIndex.get(item.sku)!]! += item.quantity;
    }

    // Opening stock: one receipt per SKU, recorded and approved into its home bin.
    const stock = new Map<string, number>(); // `${sku}|${bin}`
    const t3 = t2 + 3600_000;
    const rnd0 = prng(mix(SEED, 7));
    skus.forEach((k, i) => {
      const id = i + 1;
      const quantity = demand[i]! + 5 + Math.floor(rnd0() * 20);
      const line = { style_code: k.style.code, style_name: k.style.name, sku: k.sku, color: k.color, size: k.size, quantity };
      push(receiptStreamId(id), 1, 'StockReceiptRecorded', {
        ...line, receipt_id: id, source: 'shopify_stock', upload_id: 'opening-stock', filename: 'opening-stock.csv', row: id + 1,
        gatepass_number: null, received_date: day(t3), style_known: true, variant_known: true, approver: 'executive2', recorded_by: MANAGER_ID, at: iso(t3),
      }, MANAGER_ID, 'manager', t3);
      push(receiptStreamId(id), 2, 'StockReceiptApproved', {
        receipt_id: id, style_code: k.style.code, sku: k.sku, color: k.color, size: k.size, quantity, location: k.bin, location_type: 'bin',
        notes: null, gatepass_number: null, received_date: day(t3), approved_by: MANAGER_ID, auto: true, style_created: false, variant_created: false,
        reason: approvalReason(id, null, true), at: iso(t3), movements: [{ sku: k.sku, style_code: k.style.code, location: k.bin, delta: quantity }],
      }, MANAGER_ID, 'manager', t3);
      stock.set(`${k.sku}|${k.bin}`, quantity);
    });
    await flush(true);
    log(`opening stock: ${skus.length} receipts`);

    // The year, day by day. An order's events are made when it is placed; they land in the bucket of the day they
    // happen (the same day or up to two later) and each day's bucket is emitted in time order.
    const end = YEAR_START + DAYS * DAY_MS - 6 * 3600_000; // 'now': 18:00 on the last day
    const buckets = new Map<number, PendingEvent[]>();
    let seq = 0;
    let nextItemId = 1;
    let nextAdjustment = 1;
    let nextReturn = 1;
    let returnedUnits = 0;
    const at = (e: Omit<PendingEvent, 'seq'>) => {
      if (e.t > end) return;
      const d = Math.floor((e.t - YEAR_START) / DAY_MS);
      let bucket = buckets.get(d);
      if (!bucket) buckets.set(d, (bucket = []));
      bucket.push({ ...e, seq: seq++ });
    };
    for (let d = 0; d < DAYS; d++) {
      const rnd = prng(mix(SEED, 1_000_000_000 + d));
      const dayStart = YEAR_START + d * DAY_MS;
      const last = Math.min(orderCount, firstOrderOfDay(d + 1) - 1);
      for (let id = firstOrderOfDay(d); id <= last; id++) {
        const items = orderItems(id, skus, nextItemId);
        nextItemId += items.length;
        itemTotal += items.length;
        // Three uploads a day: 08:00, 12:00, 16:00.
        const upload = Math.min(2, Math.floor(((id - firstOrderOfDay(d)) * 3) / Math.max(1, last - firstOrderOfDay(d) + 1)));
        const imported = dayStart + (8 + upload * 4) * 3600_000 + (id % 1000);
        const stream = orderStreamId(id);
        const order_number = `#${100000 + id}`;
        const ref = { order_id: id, order_number };
        let v = 0;
        at({
          t: imported, stream, version: ++v, type: 'OrderImported', actor: MANAGER_ID, role: 'manager',
          data: {
            ...ref, priority: rnd() < 0.1 ? 2 : 1, order_date: day(dayStart),
            items: items.map((it, k) => ({
              item_id: it.item_id, sku: it.sku.sku, style_code: it.sku.style.code, style_name: it.sku.style.name, size: it.sku.size,
              color: it.sku.color, quantity: it.quantity, value: Math.round(it.sku.price * it.quantity * 100) / 100, row: k + 2,
            })),
            source_file: `orders-${day(dayStart)}-${upload + 1}.csv`, at: iso(imported),
          },
        });
        const r = rnd();
        let t = imported + Math.floor(rnd() * 4 * 3600_000) + 60_000;
        if (r < 0.015) {
          at({ t, stream, version: ++v, type: 'OrderCancelled', actor: MANAGER_ID, role: 'manager', data: { ...ref, previous_status: 'pending', worker_id: null, at: iso(t) } });
          continue;
        }
        let worker = FIRST_WORKER_ID + Math.floor(rnd() * WORKERS);
        at({ t, stream, version: ++v, type: 'OrderAssigned', actor: MANAGER_ID, role: 'manager', data: { ...ref, worker_id: worker, previous_worker_id: null, at: iso(t) } });
        if (r < 0.025) {
          t += 600_000;
          at({ t, stream, version: ++v, type: 'OrderCancelled', actor: MANAGER_ID, role: 'manager', data: { ...ref, previous_status: 'assigned', worker_id: worker, at: iso(t) } });
          continue;
        }
        if (r < 0.035) {
          const next = FIRST_WORKER_ID + ((worker - FIRST_WORKER_ID + 1 + Math.floor(rnd() * (WORKERS - 1))) % WORKERS);
          t += 900_000;
          at({ t, stream, version: ++v, type: 'OrderAssigned', actor: MANAGER_ID, role: 'manager', data: { ...ref, worker_id: next, previous_worker_id: worker, at: iso(t) } });
          worker = next;
        }
        t += Math.floor(rnd() * 2 * 3600_000);
        for (const it of items) {
          t += 30_000 + Math.floor(rnd() * 240_000);
          at({
            t, stream, version: ++v, type: 'OrderItemPicked', actor: worker, role: 'worker', pick: { sku: it.sku, quantity: it.quantity },
            data: { ...ref, item_id: it.item_id, sku: it.sku.sku, style_code: it.sku.style.code, quantity: it.quantity, picked_by: worker, worker_id: worker },
          });
        }
        t += 60_000 + Math.floor(rnd() * 600_000);
        at({ t, stream, version: ++v, type: 'OrderCompleted', actor: worker, role: 'worker', data: { ...ref, worker_id: worker, completed_by: worker, at: iso(t) } });
        t += 3600_000 + Math.floor(rnd() * 20 * 3600_000);
        at({
          t, stream, version: ++v, type: 'OrderVerified', actor: SUPERVISOR_ID, role: 'executive2',
          data: {
            ...ref, verified_by: SUPERVISOR_ID, worker_id: worker, item_count: items.length, unit_count: items.reduce((n, it) => n + it.quantity, 0),
            verification_notes: null, discrepancies: [], at: iso(t),
          },
        });
        const parcel = parcelOf(id, items, t);
        if (parcel && parcel.received <= end) {
          const returnId = nextReturn++;
          returnedUnits += parcel.lines.reduce((n, l) => n + l.quantity, 0);
          parcelEvents(returnId, ref, parcel).forEach((e, k) => at({ ...e, stream: returnStreamId(returnId), version: k + 1 }));
        }
      }
      // Stock adjustments through the day (counts, damage, finds), at the SKU's home bin.
      for (let a = 0; a < ADJUSTMENTS_PER_DAY; a++) {
        const k = skus[Math.floor(rnd() * skus.length)]!;
        const t = dayStart + 9 * 3600_000 + Math.floor(rnd() * 9 * 3600_000);
        at({ t, stream: '', version: 1, type: 'InventoryAdjusted', actor: MANAGER_ID, role: 'manager', pick: { sku: k, quantity: 1 + Math.floor(rnd() * 4) }, data: { up: rnd() < 0.4 } });
      }
      const today = buckets.get(d) ?? [];
      buckets.delete(d);
      today.sort((a, b) => a.t - b.t || a.seq - b.seq);
      for (const e of today) {
        if (e.type === 'OrderItemPicked') {
          const { sku, quantity } = e.pick!;
          const key = `${sku.sku}|${sku.bin}`;
          const held = stock.get(key) ?? 0;
          const taken = held >= quantity;
          if (taken) stock.set(key, held - quantity);
          Object.assign(e.data, {
            location: taken ? sku.bin : null, location_type: taken ? 'bin' : null, unstocked: !taken,
            notes: taken ? null : 'Not found at the suggested bin', at: iso(e.t),
            movements: taken ? [{ sku: sku.sku, style_code: sku.style.code, location: sku.bin, delta: -quantity }] : [],
          });
        } else if (e.type === 'InventoryAdjusted') {
          const { sku, quantity: wanted } = e.pick!;
          const key = `${sku.sku}|${sku.bin}`;
          const held = stock.get(key) ?? 0;
          const up = e.data.up === true;
          const quantity = up ? wanted : Math.min(wanted, held);
          if (quantity === 0) continue;
          const now = held + (up ? quantity : -quantity);
          stock.set(key, now);
          const id = nextAdjustment++;
          e.stream = adjustmentStreamId(id);
          e.data = {
            adjustment_id: id, sku: sku.sku, style_code: sku.style.code, adjustment_type: up ? 'increase' : 'decrease', quantity,
            old_quantity: held, new_quantity: now, location: sku.bin, location_type: 'bin', reason: up ? 'Found items' : 'Damaged goods',
            notes: null, movements: [{ sku: sku.sku, style_code: sku.style.code, location: sku.bin, delta: up ? quantity : -quantity }], at: iso(e.t),
          };
        }
        for (const m of e.stock ?? []) stock.set(m.key, (stock.get(m.key) ?? 0) + m.delta);
        push(e.stream, e.version, e.type, e.data, e.actor, e.role, e.t);
      }
      await flush();
      if (d % 30 === 29) log(`  day ${d + 1}: ${events.toLocaleString('en-GB')} events`);
    }
    await flush(true);

    // Command side: order numbers, id sequences, stock per (SKU, location).
    await client.query(`insert into order_registry (number_key, order_id)
                        select upper(data->>'order_number'), (data->>'order_id')::int from events where event_type = 'OrderImported'`);
    await client.query(`select setval('order_id_seq', ${Math.max(1, orderCount)}), setval('order_item_id_seq', ${Math.max(1, nextItemId - 1)}),
                               setval('receipt_id_seq', ${skus.length}), setval('adjustment_id_seq', ${Math.max(1, nextAdjustment - 1)})`);
    await copyRows('stock_levels', 'sku, location, quantity', [...stock].map(([key, q]) => `${key.replace('|', '\t')}\t${q}\n`));
    await client.query('analyze');
    log(`returns: ${(nextReturn - 1).toLocaleString('en-GB')} parcels, ${returnedUnits.toLocaleString('en-GB')} units`);
    return { orders: orderCount, items: itemTotal, skus: skus.length, bins: bins.length, events, parcels: nextReturn - 1, returnedUnits };
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const orders = Number(process.env.BENCH_ORDERS ?? 1_000_000);
  const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const info = await ensureHistory(pgUrl, orders, (m) => console.log(m));
  console.log(JSON.stringify(info, null, 2));
}
