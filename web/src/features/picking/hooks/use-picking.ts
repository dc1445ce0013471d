import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState, type Dispatch, type RefObject } from 'react';
import type { BatchDetail, BatchLine, OrderItem } from '@wh/contracts/orders/http';
import { scanCue, useBarcodeScanner } from '../../../lib/barcode-scanner.ts';
import type { OrderWithItems } from '../../../lib/order-items.ts';
import { newIdempotencyKey } from '../../../lib/retries.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { signedInUserAtom } from '../../../lib/session.ts';
import { useCommand, type Command } from '../../../lib/use-command.ts';
import { pickingSettingsQuery } from '../../../lib/warehouse-settings.ts';
import {
  completeBatchCommand,
  completeOrderCommand,
  holdersOf,
  pickingBatchesQuery,
  pickingBatchQuery,
  pickingOrdersQuery,
} from '../api/picking-api.ts';
import { asPicked, pendingItems, savedMessage, waitingText, type QueuedPick, type SendOutcome } from '../pick-queue.ts';
import { useShortPick } from './use-short-pick.ts';
import { useUndoPick } from './use-undo-pick.ts';
import {
  keptLineOf,
  nextUnpicked,
  ORDERS_NOT_LOADED,
  pickedMessage,
  readScan,
  scanMessage,
  type KeptLine,
  type PickError,
  type PickingEvent,
  type PickingState,
  type PickRequest,
  type ScanTone,
  type Selection,
} from '../picking-state.ts';
import { usePickQueue, type PickQueueState } from './use-pick-queue.ts';

interface PickingInput {
  state: PickingState;
  dispatch: Dispatch<PickingEvent>;
  /** The panel whose next Pick (or complete) button gets focus after a pick by its button. */
  panel: RefObject<HTMLElement | null>;
  /** Where focus rests after a scanner's scan. */
  scanPanel: RefObject<HTMLElement | null>;
}

/**
 * The picking screen's data, its commands and what a scan does, for the page to lay out: a Pick button or a scan
 * asks `commands` for the pick, which the phone's queue keeps and sends (use-pick-queue.ts); the line shows picked at
 * once, and the answer is written into the screen's data (picking-api.ts).
 */
export function usePicking({ state, dispatch, panel, scanPanel }: PickingInput) {
  const [refusal, setRefusal] = useState<PickError | null>(null);
  const me = useAtomValue(signedInUserAtom);
  // The batch line each pick sent took, by the pick's key: kept in sight once its answer comes (KeptLine).
  const keptLines = useRef(new Map<string, KeptLine>()).current;
  const queue = usePickQueue({ userId: me?.id ?? null, onAnswered: showAnswer(dispatch, setRefusal, keptLines) });
  const pending = pendingItems(queue.waiting);
  const data = usePickingData(state.selection, pending);
  const commands = usePickCommands({ state, dispatch, scanLocationFirst: data.scanLocationFirst, batch: data.batch, panel, scanPanel, queue, refusal, setRefusal, keptLines });
  const show = (selection: Selection) => {
    dispatch({ type: 'selected', selection });
    commands.clearErrors();
    requestAnimationFrame(() => bringIntoView(panel.current, scanPanel.current));
  };
  const onScan = usePickingScan({
    data,
    state,
    dispatch,
    commands,
    select: (order) => show({ kind: 'order', id: order.id }),
    scanHome: () => scanPanel.current?.focus({ preventScroll: true }),
  });
  const undo = useUndoPick(dispatch);
  return { data, commands, queue, pending, show, onScan, undo };
}

/**
 * Scrolls the open panel's top to just under what stays stuck over it (the phone's compact scan bar), so its first
 * lines are on screen. On a phone the panel comes first once open (picking.css), so the page below it is long enough to
 * scroll it up even while a batch is still loading (a short page was why the panel stayed out of sight).
 */
function bringIntoView(target: HTMLElement | null, bar: HTMLElement | null): void {
  if (!target) return;
  const barStyle = bar ? getComputedStyle(bar) : null;
  const covered = bar && barStyle?.position === 'sticky' ? Number.parseFloat(barStyle.top) + bar.offsetHeight : 0;
  const by = target.getBoundingClientRect().top - covered - 8;
  // The page's scroller (jsdom has none, and scrolls nothing).
  if (Math.abs(by) > 1) document.scrollingElement?.scrollBy({ top: by, behavior: 'smooth' });
}

/**
 * The picking screen's data: the orders and batches to pick, the open batch, the warehouse's picking settings; the
 * items whose picks wait on this phone (`queued`) show as picked, so scans and progress go on from them.
 */
function usePickingData(selection: Selection, queued: ReadonlyMap<number, unknown>) {
  const me = useAtomValue(signedInUserAtom);
  // A worker picks their own orders; a manager sees every worker's (and may pick for them).
  const workerId = me?.role === 'worker' ? me.id : null;
  const list = useScreenQuery(pickingOrdersQuery(workerId), { refetchOnReturn: true });
  const batchList = useScreenQuery(pickingBatchesQuery(workerId), { refetchOnReturn: true });
  const settings = useScreenQuery(pickingSettingsQuery());
  const batchId = selection?.kind === 'batch' ? selection.id : null;
  const openBatch = useScreenQuery({ ...pickingBatchQuery(batchId ?? 0), enabled: batchId !== null });

  const orders = (list.data?.orders ?? []).map((o) => ({ ...o, items: asPicked(o.items, queued) }));
  const batches = batchList.data?.batches ?? [];
  const batch = batchId === null || !openBatch.data ? undefined : { ...openBatch.data, lines: asPicked(openBatch.data.lines, queued) };
  // An order in a batch is picked with its batch.
  const batched = new Set(batches.flatMap((b) => b.orders.map((o) => o.order_id)));
  return {
    me,
    list,
    batchList,
    openBatch,
    orders,
    batches,
    ownOrders: orders.filter((o) => !batched.has(o.id)),
    selected: selection?.kind === 'order' ? (orders.find((o) => o.id === selection.id) ?? null) : null,
    batch,
    scanLocationFirst: settings.data?.scan_location_first ?? false,
  };
}

export type PickingData = ReturnType<typeof usePickingData>;

type Options = Pick<PickRequest, 'from' | 'scanned'>;

/**
 * What the screen says when a pick sent at once is answered: the pick's line, or its refusal (in the panel, naming
 * the locations that hold the SKU when it was refused for lack of stock), or that it waits on the phone.
 */
function showAnswer(dispatch: Dispatch<PickingEvent>, setRefusal: (error: PickError | null) => void, keptLines: Map<string, KeptLine>) {
  return (pick: QueuedPick, outcome: SendOutcome, failure: unknown) => {
    const kept = keptLines.get(pick.key);
    keptLines.delete(pick.key);
    const say = (tone: ScanTone, text: string) => dispatch({ type: 'feedback', feedback: { tone, text }, ...(tone === 'success' && kept ? { kept } : {}) });
    switch (outcome.kind) {
      case 'recorded':
        say('success', pickedMessage(pick.item, pick.location, pick.tote));
        if (pick.scanned) scanCue(true);
        return;
      case 'refused':
        setRefusal({ message: outcome.message, orderId: pick.orderId, itemId: pick.itemId, holders: holdersOf(failure) });
        if (!pick.scanned) return;
        say('error', outcome.message);
        scanCue(false);
        return;
      case 'lost':
      case 'later':
      case 'signed-out':
        say('info', savedMessage(pick.item, pick.location));
        return;
      default: {
        const exhaustive: never = outcome;
        return exhaustive;
      }
    }
  };
}

/** Why a completion must wait: picks of its orders still wait on the phone (the server would count them unpicked). */
function waitingFor(queue: PickQueueState, orderIds: readonly number[]): string | null {
  const count = queue.waiting.filter((p) => orderIds.includes(p.orderId)).length;
  return count === 0 ? null : `${waitingText(count)} to be sent: complete once ${count === 1 ? 'it is' : 'they are'} sent.`;
}

interface PickCommandsInput extends PickingInput {
  scanLocationFirst: boolean;
  batch: BatchDetail | undefined;
  queue: PickQueueState;
  refusal: PickError | null;
  setRefusal: (error: PickError | null) => void;
  keptLines: Map<string, KeptLine>;
}

/**
 * The picking screen's commands: a pick goes into the phone's queue (sent at once when it can be); Can't find it and
 * completing an order or a batch are sent directly, one at a time.
 */
function usePickCommands({ state, dispatch, scanLocationFirst, batch, panel, scanPanel, queue, refusal, setRefusal, keptLines }: PickCommandsInput) {
  const completeOrder = useCommand(completeOrderCommand);
  const completeBatch = useCommand(completeBatchCommand);
  const completing = completeOrder.isPending || completeBatch.isPending;
  const sending = queue.sendingAtOnce;
  // After a short, focus moves on as after a pick by its button.
  const short = useShortPick(dispatch, ({ itemId }) => {
    const walk = state.shortPick?.walk ?? [];
    focusNext(nextUnpicked(walk.filter((i) => i.id !== itemId))?.id ?? null);
  });
  const inFlight = completing || sending !== null || short.pending;
  const focusNext = useFocusAfterPick(panel, scanPanel, inFlight);
  const clearErrors = () => {
    setRefusal(null);
    [completeOrder, completeBatch].forEach((c) => c.reset());
  };
  const refuse = (orderId: number, message: string) => setRefusal({ message, orderId, itemId: null, holders: [] });

  const record = ({ orderId, orderNumber, item, walk, from, scanned = false, tote, kept }: PickRequest) => {
    if (completing) return;
    clearErrors();
    // An item held nowhere has no location to suggest: while pickers scan the location label first, the pick names the
    // label scanned (the server refuses a pick naming none then).
    const location = from ?? (item.location_suggested ? item.location : null) ?? (scanLocationFirst ? state.atLocation : null);
    const { sku, style_name, size, color } = item;
    const key = newIdempotencyKey();
    if (kept) keptLines.set(key, kept);
    queue.enqueue({ key, orderId, orderNumber, itemId: item.id, item: { sku, style_name, size, color }, location, scanned, tote });
    if (queue.offline) {
      dispatch({ type: 'feedback', feedback: { tone: 'success', text: savedMessage(item, location) }, ...(kept ? { kept } : {}) });
      if (scanned) scanCue(true);
    }
    if (!scanned) focusNext(nextUnpicked(walk.filter((i) => i.id !== item.id))?.id ?? null);
  };

  return {
    inFlight,
    short,
    pickingItemId: sending?.itemId ?? null,
    completing,
    error: refusal ?? panelErrorOf(completeOrder, completeBatch),
    clearErrors,
    record,
    pickOf: (order: OrderWithItems, itemId: number, options: Options) => {
      const item = order.items.find((i) => i.id === itemId);
      if (item) record({ ...options, orderId: order.id, orderNumber: order.order_number, item, walk: order.items });
    },
    pickLine: (line: BatchLine, options: Options) => {
      const lines = batch?.lines ?? [line];
      record({ ...options, orderId: line.order_id, orderNumber: line.order_number, item: line, walk: lines, tote: line.slot, kept: keptLineOf(line, lines) });
    },
    /** "Can't find it" on a line of `walk` (an order's items or a batch's lines). */
    shortFor: (order: { id: number; order_number: string }, item: OrderItem, walk: readonly OrderItem[]) =>
      !inFlight && short.ask({ orderId: order.id, orderNumber: order.order_number, item, walk }),
    completeOrder: (order: OrderWithItems) => {
      if (completing) return;
      clearErrors();
      const wait = waitingFor(queue, [order.id]);
      if (wait) return refuse(order.id, wait);
      completeOrder.run(order.id, { onSuccess: (answer) => dispatch({ type: 'completed', notice: completedNotice(answer) }) });
    },
    completeBatch: (b: BatchDetail) => {
      if (completing) return;
      clearErrors();
      const wait = waitingFor(queue, b.orders.map((o) => o.order_id));
      if (wait) return refuse(0, wait);
      completeBatch.run(b.id, { onSuccess: (answer) => dispatch({ type: 'completed', notice: answer.message ?? `Batch ${b.id} completed` }) });
    },
  };
}

/** What the panel shows of the last refused completion. */
function panelErrorOf(order: Command<number, unknown>, batch: Command<number, unknown>): PickError | null {
  if (order.error !== null && order.variables !== undefined) return { message: order.error, orderId: order.variables, itemId: null, holders: [] };
  if (batch.error !== null) return { message: batch.error, orderId: 0, itemId: null, holders: [] };
  return null;
}

export type PickCommands = ReturnType<typeof usePickCommands>;

const completedNotice = (order: { order_number: string; short_items: number }) =>
  order.short_items === 0
    ? `Order ${order.order_number} completed`
    : `Order ${order.order_number} completed short: ${order.short_items} ${order.short_items === 1 ? 'item' : 'items'} short`;

interface ScanInput {
  data: PickingData;
  state: PickingState;
  dispatch: Dispatch<PickingEvent>;
  commands: PickCommands;
  select: (order: OrderWithItems) => void;
  /** Where focus rests after a scanner's scan: the scan panel. */
  scanHome: () => void;
}

/**
 * What a scan does: with a batch open it works on the batch's combined list, otherwise on the orders picked alone. A
 * scanner's scan, good or refused, leaves focus on the scan panel (no control): a stray Enter there records nothing,
 * where on a Pick or Complete button it would press it.
 */
function usePickingScan({ data, state, dispatch, commands, select, scanHome }: ScanInput): (code: string) => void {
  const { orders, ownOrders, batch, scanLocationFirst } = data;
  const onScan = (code: string) => {
    // Nothing to match a code against (a page opened out of reach): saying 'Not recognised' would be wrong.
    if (data.list.data === undefined) {
      dispatch({ type: 'feedback', feedback: { tone: 'error', text: ORDERS_NOT_LOADED } });
      scanCue(false);
      return;
    }
    const outcome = readScan(code, {
      orders: ownOrders,
      selectedId: state.selection?.kind === 'order' ? state.selection.id : null,
      // The lines done too: a code of a line picked earlier is the batch's, already picked, not an unknown code.
      batch: batch ? { id: batch.id, lines: [...batch.lines, ...batch.done_lines] } : null,
      scanLocationFirst,
      atLocation: state.atLocation,
    });
    dispatch({ type: 'feedback', feedback: scanMessage(code, outcome) });
    switch (outcome.kind) {
      case 'pick': {
        const line = batch?.lines.find((l) => l.id === outcome.item.id);
        const order = orders.find((o) => o.id === outcome.orderId);
        if (line) commands.pickLine(line, { scanned: true });
        else if (order) commands.pickOf(order, outcome.item.id, { scanned: true });
        return;
      }
      case 'select': {
        const order = orders.find((o) => o.id === outcome.orderId);
        if (order) select(order);
        scanCue(true);
        return;
      }
      case 'location':
        dispatch({ type: 'at-location', location: outcome.location });
        scanCue(true);
        return;
      case 'location-first':
      case 'wrong-location':
      case 'all-picked':
      case 'not-found':
        scanCue(false);
        return;
      default: {
        const exhaustive: never = outcome;
        return exhaustive;
      }
    }
  };
  useBarcodeScanner((code) => {
    scanHome();
    onScan(code);
  });
  return onScan;
}

/**
 * Where focus goes once a pick by its Pick button has landed: the next unpicked item's Pick button (null: Complete
 * Order or Batch). It moves once nothing is in flight, as the buttons are disabled until then; a scan since the press
 * has put focus on the scan panel, and it stays there.
 */
function useFocusAfterPick(panel: RefObject<HTMLElement | null>, scanPanel: RefObject<HTMLElement | null>, inFlight: boolean) {
  const [next, setNext] = useState<{ itemId: number | null } | null>(null);
  useEffect(() => {
    if (!next || inFlight) return;
    setNext(null);
    if (scanPanel.current?.contains(document.activeElement)) return;
    const target =
      next.itemId === null
        ? panel.current?.querySelector<HTMLElement>('[data-complete]')
        : panel.current?.querySelector<HTMLElement>(`[data-pick-item="${next.itemId}"]`);
    target?.focus();
  }, [next, inFlight, panel, scanPanel]);
  return (itemId: number | null) => setNext({ itemId });
}
