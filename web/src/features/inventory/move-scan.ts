// The Move Stock screen's rules, pure: scan the label of the location the units come from, then the items (each scan
// one unit of one SKU, or the quantity typed), then the label of the location they go to, and confirm. A move is of
// one SKU; after it, the screen stays at the same from-location for the next one.
import { readScannedCode } from '../../lib/scan-codes.ts';

/** A SKU the from-location holds, as its stock list gives it. */
export interface HeldItem {
  sku: string;
  quantity: number;
  style_name: string | null;
  size: string | null;
  color: string | null;
}

/** An item's style name, size and colour, as the move screens list them. */
export const itemDetail = (item: Pick<HeldItem, 'style_name' | 'size' | 'color'>): string => [item.style_name, item.size, item.color].filter(Boolean).join(' · ');

export type MoveScanStep =
  | { step: 'from' }
  // `sku` null: no item scanned yet; `to` null: no destination scanned yet.
  | { step: 'move'; from: string; sku: string | null; quantity: number; to: string | null };

export type MoveTone = 'success' | 'info' | 'error';

export interface MoveScanState {
  scan: MoveScanStep;
  feedback: { tone: MoveTone; text: string } | null;
}

export const INITIAL_MOVE_SCAN: MoveScanState = { scan: { step: 'from' }, feedback: null };

export type MoveScanEvent =
  // `held`: what the from-location holds, null while it is being read.
  | { type: 'scanned'; raw: string; held: readonly HeldItem[] | null }
  | { type: 'quantity'; quantity: number }
  | { type: 'moved'; text: string }
  | { type: 'refused'; text: string }
  | { type: 'restart' };

const say = (tone: MoveTone, text: string) => ({ tone, text });

export function moveScanReducer(state: MoveScanState, event: MoveScanEvent): MoveScanState {
  const { scan } = state;
  switch (event.type) {
    case 'scanned':
      return scan.step === 'from' ? scanFrom(event.raw) : scanDuringMove(scan, event.raw, event.held);
    case 'quantity':
      if (scan.step !== 'move' || scan.sku === null || !Number.isInteger(event.quantity) || event.quantity < 1) return state;
      return { ...state, scan: { ...scan, quantity: event.quantity } };
    case 'moved':
      if (scan.step !== 'move') return state;
      return { scan: { step: 'move', from: scan.from, sku: null, quantity: 0, to: null }, feedback: say('success', `${event.text} Scan the next item at ${scan.from}, or another location.`) };
    case 'refused':
      return { ...state, feedback: say('error', event.text) };
    case 'restart':
      return INITIAL_MOVE_SCAN;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

function scanFrom(raw: string): MoveScanState {
  const read = readScannedCode(raw, []);
  if (read.kind !== 'location') return { scan: { step: 'from' }, feedback: say('error', `${read.code} is not a location label: scan the label of the location to move from first.`) };
  return { scan: { step: 'move', from: read.location, sku: null, quantity: 0, to: null }, feedback: say('success', `From ${read.location}: scan the items to move.`) };
}

type Moving = Extract<MoveScanStep, { step: 'move' }>;

function scanDuringMove(scan: Moving, raw: string, held: readonly HeldItem[] | null): MoveScanState {
  const read = readScannedCode(raw, held ?? []);
  const keep = (tone: MoveTone, text: string): MoveScanState => ({ scan, feedback: say(tone, text) });
  switch (read.kind) {
    case 'item': {
      const { item } = read;
      if (scan.sku !== null && scan.sku !== item.sku) return keep('error', `This move is of ${scan.sku}: confirm it or start over before scanning ${item.sku}.`);
      if (scan.quantity + 1 > item.quantity) return keep('error', `${scan.from} holds only ${item.quantity} of ${item.sku}.`);
      const quantity = scan.quantity + 1;
      const next = scan.to === null ? 'Scan more, or the label of the location to move them to.' : `To ${scan.to}: confirm the move.`;
      return { scan: { ...scan, sku: item.sku, quantity }, feedback: say('info', `${item.sku}: ${quantity} of ${item.quantity} at ${scan.from}. ${next}`) };
    }
    case 'location': {
      const { location } = read;
      if (location === scan.from) return keep('info', `${location} is where the items come from: scan the location to move them to.`);
      // Nothing scanned yet: another location label chooses where the units come from instead.
      if (scan.sku === null) return { scan: { ...scan, from: location, to: null }, feedback: say('success', `From ${location}: scan the items to move.`) };
      return { scan: { ...scan, to: location }, feedback: say('success', `To ${location}: ${scan.quantity} × ${scan.sku}. Confirm the move.`) };
    }
    case 'unknown':
      if (held === null) return keep('error', `Still reading what ${scan.from} holds: scan ${read.code} again in a moment.`);
      return keep('error', `Not recognised: ${read.code} is not an item held at ${scan.from} or a location.`);
  }
}

/** The hint under the scan field: what to scan next. */
export function moveScanHint(scan: MoveScanStep): string {
  if (scan.step === 'from') return 'Scan the label of the location to move from';
  if (scan.sku === null) return `Scan the items to move from ${scan.from}, one scan a unit`;
  return scan.to === null ? 'Scan more items, or the label of the location to move them to' : 'Confirm the move, or scan another location';
}

/** The move to send, once the SKU, its quantity and both ends are known. */
export function readyMove(scan: MoveScanStep): { sku: string; from_location: string; to_location: string; quantity: number } | null {
  if (scan.step !== 'move' || scan.sku === null || scan.to === null || scan.quantity < 1) return null;
  return { sku: scan.sku, from_location: scan.from, to_location: scan.to, quantity: scan.quantity };
}
