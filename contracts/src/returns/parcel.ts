import { occurredAt, type StoredEvent } from '../platform/events.ts';
import { RETURNS_LOCATION, type ReturnEvent, type ReturnLine } from './events.ts';

// One parcel as the bench shows it, folded from its stream: the parcel and its lines with where their units are.
// The one fold of the bench's read model (the projector's live path and rebuild) and of the commands' answers, which
// fold the stream they just appended to rather than wait for the read model.

export interface BenchLine {
  line: number;
  order_item_id: number | null;
  sku: string;
  style_code: string;
  size: string;
  colour: string;
  quantity: number;
  reason: string;
  reason_note: string | null;
  grade: string;
  bench: number;
  in_returns: number;
  written_off: number;
  restocked: { location: string; quantity: number }[];
}

export interface BenchParcel {
  id: number;
  status: 'unmatched' | 'waiting' | 'done';
  order_id: number | null;
  order_number: string | null;
  scanned: string | null;
  note: string | null;
  received_at: Date;
  received_by: number | null;
  units: number;
  waiting: number;
  in_returns: number;
  updated_at: Date;
  lines: BenchLine[];
}

const benchLine = (l: ReturnLine): BenchLine => ({ ...l, bench: l.quantity, in_returns: 0, written_off: 0, restocked: [] });

// The parcel's counts and status from its lines.
function totalled(p: BenchParcel): BenchParcel {
  const units = p.lines.reduce((n, l) => n + l.quantity, 0);
  const in_returns = p.lines.reduce((n, l) => n + l.in_returns, 0);
  const waiting = in_returns + p.lines.reduce((n, l) => n + l.bench, 0);
  const status = p.order_id === null ? 'unmatched' : waiting > 0 ? 'waiting' : 'done';
  return { ...p, units, waiting, in_returns, status };
}

// Units leave where they wait: the bench when `from` is null, else RETURNS.
const taken = (l: BenchLine, from: string | null, quantity: number): BenchLine =>
  from === null ? { ...l, bench: l.bench - quantity } : { ...l, in_returns: l.in_returns - quantity };

function restockedTo(list: BenchLine['restocked'], location: string, quantity: number): BenchLine['restocked'] {
  const found = list.some((r) => r.location === location);
  return found ? list.map((r) => (r.location === location ? { ...r, quantity: r.quantity + quantity } : r)) : [...list, { location, quantity }];
}

const onLine = (p: BenchParcel, line: number, change: (l: BenchLine) => BenchLine): BenchLine[] => p.lines.map((l) => (l.line === line ? change(l) : l));

// The parcel after one of its events; undefined before its receipt (an event of a parcel not received is skipped).
export function foldBench(parcel: BenchParcel | undefined, stored: StoredEvent): BenchParcel | undefined {
  const event = { type: stored.type, data: stored.data } as ReturnEvent;
  const at = occurredAt(stored);
  switch (event.type) {
    case 'ReturnReceived': {
      const d = event.data;
      return totalled({
        id: d.return_id,
        status: 'unmatched',
        order_id: d.order_id,
        order_number: d.order_number,
        scanned: d.scanned,
        note: d.note,
        received_at: at,
        received_by: stored.metadata.actor_id,
        units: 0,
        waiting: 0,
        in_returns: 0,
        updated_at: at,
        lines: d.lines.map(benchLine),
      });
    }
    case 'ReturnMatched': {
      if (!parcel) return parcel;
      const d = event.data;
      return totalled({ ...parcel, order_id: d.order_id, order_number: d.order_number, lines: d.lines.map(benchLine), updated_at: at });
    }
    case 'ReturnRestocked': {
      if (!parcel) return parcel;
      const d = event.data;
      const lines = onLine(parcel, d.line, (l) => {
        const left = taken(l, d.from_location, d.quantity);
        return d.location === RETURNS_LOCATION
          ? { ...left, in_returns: left.in_returns + d.quantity }
          : { ...left, restocked: restockedTo(left.restocked, d.location, d.quantity) };
      });
      return totalled({ ...parcel, lines, updated_at: at });
    }
    case 'ReturnWrittenOff': {
      if (!parcel) return parcel;
      const d = event.data;
      const lines = onLine(parcel, d.line, (l) => ({ ...taken(l, d.from_location, d.quantity), written_off: l.written_off + d.quantity }));
      return totalled({ ...parcel, lines, updated_at: at });
    }
    default: {
      const exhaustive: never = event;
      throw new Error(`unknown return event ${JSON.stringify(exhaustive)}`);
    }
  }
}
