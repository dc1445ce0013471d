import {
  occurredAt,
  shippedUnits,
  RETURN_GRADES,
  RETURN_REASONS,
  RETURNS_LOCATION,
  type ReturnEvent,
  type ReturnGrade,
  type ReturnReason,
  type Shipment,
  type StoredEvent,
} from '@wh/contracts';
import { bucketOf } from '../reports/fold.ts';

// The returns-reports read models' one fold, in memory: the units shipped and returned and the restock times per
// bucket, and the parcels still open. The live path (projection.ts, `apply`) folds a batch over the open parcels it
// touches, read from the table, and over each verified order's stream, read from the event store; the rebuild
// (projection.ts, `rebuilder`) over the whole history, every open parcel and unverified order held.

// ---------- Buckets ----------

// Each change counts in a 15-minute bucket, its calendar month and its calendar year of UTC (db/migrations/170, 210).
export const GRAINS = ['15m', 'month', 'year'] as const;
export type Grain = (typeof GRAINS)[number];

export function monthOf(at: Date): string {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)).toISOString();
}

const yearOf = (at: Date): string => new Date(Date.UTC(at.getUTCFullYear(), 0, 1)).toISOString();

const GRADE_COLUMNS = { A: 'grade_a', B: 'grade_b', C: 'grade_c', D: 'grade_d' } as const satisfies Record<ReturnGrade, string>;
export type ReceivedColumn = 'units' | ReturnReason | (typeof GRADE_COLUMNS)[ReturnGrade];
// rm_return_received's counters, in its column order.
export const RECEIVED_COLUMNS: readonly ReceivedColumn[] = ['units', ...RETURN_REASONS, ...RETURN_GRADES.map((g) => GRADE_COLUMNS[g])];
export type Received = Record<ReceivedColumn, number>;

const none = (): Received => Object.fromEntries(RECEIVED_COLUMNS.map((c) => [c, 0])) as Received;

const DAY_SECONDS = 86_400;

/**
 * A restock's time since its receipt as rm_return_restock_times keeps it: to the minute under a day, to the hour under
 * 60 days, to the day beyond (what the report shows: '2h 05m', '3d 4h'). A restock stamped before its receipt (a
 * clock set wrong) counts as at once.
 */
export function restockBin(seconds: number): number {
  if (!(seconds > 0)) return 0;
  const step = seconds < DAY_SECONDS ? 60 : seconds < 60 * DAY_SECONDS ? 3600 : DAY_SECONDS;
  return Math.floor(seconds / step) * step;
}

// A key of the counters: its parts joined by NUL, which no code or size holds (input refuses it).
const SEP = '\u0000';
const join = (...parts: (string | number)[]) => parts.join(SEP);

export interface Bucket {
  grain: Grain;
  bucket: string;
}
export interface StyleSize {
  style_code: string;
  size: string;
}

function bucketsOf(at: Date): [Bucket, Bucket, Bucket] {
  return [
    { grain: '15m', bucket: bucketOf(at) },
    { grain: 'month', bucket: monthOf(at) },
    { grain: 'year', bucket: yearOf(at) },
  ];
}

// The counters a run of events adds to, per key. Shipped keys (one per verified line and grain, most of the keys a
// history has) hold a number each: a rebuild holds every key of the history.
export class BucketCounts {
  readonly shipped = new Map<string, number>();
  readonly shippedTotal = new Map<string, number>();
  readonly received = new Map<string, Received>();
  readonly restocked = new Map<string, number>();

  ship(at: Date, style_code: string, size: string, units: number): void {
    for (const b of bucketsOf(at)) {
      add(this.shipped, join(style_code, size, b.grain, b.bucket), units);
      add(this.shippedTotal, join(b.grain, b.bucket), units);
    }
  }

  // Units of a parcel's line received (sign 1) or taken back by a match that replaces it (sign -1).
  receive(at: Date, line: ParcelLine, sign: 1 | -1): void {
    const units = sign * line.quantity;
    for (const b of bucketsOf(at)) {
      const key = join(b.grain, b.bucket, line.style_code, line.size);
      let row = this.received.get(key);
      if (!row) this.received.set(key, (row = none()));
      row.units += units;
      row[line.reason] += units;
      row[GRADE_COLUMNS[line.grade]] += units;
    }
  }

  restock(at: Date, receivedAt: Date, units: number): void {
    const seconds = restockBin((at.getTime() - receivedAt.getTime()) / 1000);
    for (const b of bucketsOf(at)) add(this.restocked, join(b.grain, b.bucket, seconds), units);
  }

  *shippedRows(): Generator<StyleSize & Bucket & { units: number }> {
    for (const [key, units] of this.shipped) {
      const [style_code = '', size = '', grain, bucket = ''] = key.split(SEP);
      yield { style_code, size, grain: grain as Grain, bucket, units };
    }
  }

  *shippedTotalRows(): Generator<Bucket & { units: number }> {
    for (const [key, units] of this.shippedTotal) {
      const [grain, bucket = ''] = key.split(SEP);
      yield { grain: grain as Grain, bucket, units };
    }
  }

  // Every key touched (one a match brought back to nothing included: the live path writes its row too).
  *receivedRows(): Generator<Bucket & StyleSize & Received> {
    for (const [key, row] of this.received) {
      const [grain, bucket = '', style_code = '', size = ''] = key.split(SEP);
      yield { grain: grain as Grain, bucket, style_code, size, ...row };
    }
  }

  *restockRows(): Generator<Bucket & { seconds: number; units: number }> {
    for (const [key, units] of this.restocked) {
      const [grain, bucket = '', seconds] = key.split(SEP);
      yield { grain: grain as Grain, bucket, seconds: Number(seconds), units };
    }
  }
}

function add(map: Map<string, number>, key: string, units: number): void {
  map.set(key, (map.get(key) ?? 0) + units);
}

// ---------- Shipments: what a verified order sent out ----------

/** A verification's shipped units (contracts' foldShipment, the bench's rule too), into the buckets of its moment. */
export function ship(counts: BucketCounts, shipment: Shipment | undefined, at: Date): void {
  if (!shipment) return;
  for (const line of shipment.values()) {
    const units = shippedUnits(line);
    if (units > 0) counts.ship(at, line.style_code, line.size, units);
  }
}

// ---------- Parcels ----------

export interface ParcelLine {
  line: number;
  style_code: string;
  size: string;
  quantity: number;
  reason: ReturnReason;
  grade: ReturnGrade;
}

// A parcel still open (rm_returns_open): units not yet placed, or no order matched.
export interface OpenParcel {
  return_id: number;
  order_id: number | null;
  order_number: string | null;
  received_at: Date;
  lines: ParcelLine[];
  units: number;
  waiting: number;
}

// What a run of return events is folded over: the open parcels (those it touches, in the live path) and the counters.
export interface ReturnsState {
  parcels: Map<number, OpenParcel>;
  counts: BucketCounts;
}

const parcelLines = (lines: readonly { line: number; style_code: string; size: string; quantity: number; reason: ReturnReason; grade: ReturnGrade }[]): ParcelLine[] =>
  lines.map((l) => ({ line: l.line, style_code: l.style_code, size: l.size, quantity: l.quantity, reason: l.reason, grade: l.grade }));
const unitsOf = (lines: readonly ParcelLine[]) => lines.reduce((n, l) => n + l.quantity, 0);

// Units placed: the parcel waits for fewer, never below none.
function place(parcel: OpenParcel, units: number): void {
  parcel.waiting = Math.max(0, parcel.waiting - units);
}

// A parcel matched to its order with every unit placed is done: it leaves the open parcels.
function closeIfDone(state: ReturnsState, parcel: OpenParcel): void {
  if (parcel.order_id !== null && parcel.waiting === 0) state.parcels.delete(parcel.return_id);
}

/** One return event over the state; returns the parcel it concerns. An event of a parcel not open is no change. */
export function foldReturn(stored: StoredEvent, state: ReturnsState): number {
  const event = { type: stored.type, data: stored.data } as ReturnEvent;
  const at = occurredAt(stored);
  switch (event.type) {
    case 'ReturnReceived': {
      const d = event.data;
      const lines = parcelLines(d.lines);
      const units = unitsOf(lines);
      const parcel: OpenParcel = { return_id: d.return_id, order_id: d.order_id, order_number: d.order_number, received_at: at, lines, units, waiting: units };
      state.parcels.set(d.return_id, parcel);
      for (const line of lines) state.counts.receive(at, line, 1);
      closeIfDone(state, parcel);
      return d.return_id;
    }
    case 'ReturnMatched': {
      const d = event.data;
      const parcel = state.parcels.get(d.return_id);
      if (!parcel) return d.return_id;
      // The matched lines replace the received ones, in the buckets of the receipt.
      for (const line of parcel.lines) state.counts.receive(parcel.received_at, line, -1);
      const lines = parcelLines(d.lines);
      for (const line of lines) state.counts.receive(parcel.received_at, line, 1);
      const placed = parcel.units - parcel.waiting;
      parcel.order_id = d.order_id;
      parcel.order_number = d.order_number;
      parcel.lines = lines;
      parcel.units = unitsOf(lines);
      parcel.waiting = Math.max(0, parcel.units - placed);
      closeIfDone(state, parcel);
      return d.return_id;
    }
    case 'ReturnRestocked': {
      const d = event.data;
      const parcel = state.parcels.get(d.return_id);
      // Into RETURNS the units still wait, to be put away.
      if (!parcel || d.location === RETURNS_LOCATION) return d.return_id;
      place(parcel, d.quantity);
      state.counts.restock(at, parcel.received_at, d.quantity);
      closeIfDone(state, parcel);
      return d.return_id;
    }
    case 'ReturnWrittenOff': {
      const d = event.data;
      const parcel = state.parcels.get(d.return_id);
      if (!parcel) return d.return_id;
      place(parcel, d.quantity);
      closeIfDone(state, parcel);
      return d.return_id;
    }
    default: {
      const exhaustive: never = event;
      throw new Error(`unhandled return event ${JSON.stringify(exhaustive)}`);
    }
  }
}
