import { useAtomValue } from 'jotai';
import { useEffect, useState, type Dispatch, type RefObject } from 'react';
import type { BatchDetail, BatchLine, OrderItem } from '@wh/contracts/orders/http';
import { messageOf } from '../../../lib/api-errors.ts';
import { scanCue, useBarcodeScanner } from '../../../lib/barcode-scanner.ts';
import type { OrderWithItems } from '../../../lib/order-items.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { signedInUserAtom } from '../../../lib/session.ts';
import { useCommand, type Command } from '../../../lib/use-command.ts';
import { pickingSettingsQuery } from '../../../lib/warehouse-settings.ts';
import {
  completeBatchCommand,
  completeOrderCommand,
  holdersOf,
  pickCommand,
  pickingBatchesQuery,
  pickingBatchQuery,
  pickingOrdersQuery,
  type PickVariables,
} from '../api/picking-api.ts';
import { useShortPick } from './use-short-pick.ts';
import { useUndoPick } from './use-undo-pick.ts';
import {
  nextUnpicked,
  pickedMessage,
  readScan,
  scanMessage,
  type PickError,
  type PickingEvent,
  type PickingState,
  type PickRequest,
  type Selection,
} from '../picking-state.ts';

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
 * asks `commands` for the pick, whose answer the screen shows at once (picking-api.ts).
 */
export function usePicking({ state, dispatch, panel, scanPanel }: PickingInput) {
  const data = usePickingData(state.selection);
  const commands = usePickCommands({ state, dispatch, scanLocationFirst: data.scanLocationFirst, batch: data.batch, panel, scanPanel });
  const show = (selection: Selection) => {
    dispatch({ type: 'selected', selection });
    commands.clearErrors();
    // On a phone the panel sits under the list: bring it into view.
    requestAnimationFrame(() => panel.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' }));
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
  return { data, commands, show, onScan, undo };
}

/** The picking screen's data: the orders and batches to pick, the open batch, the warehouse's picking settings. */
function usePickingData(selection: Selection) {
  const me = useAtomValue(signedInUserAtom);
  // A worker picks their own orders; a manager sees every worker's (and may pick for them).
  const workerId = me?.role === 'worker' ? me.id : null;
  const list = useScreenQuery(pickingOrdersQuery(workerId), { refetchOnReturn: true });
  const batchList = useScreenQuery(pickingBatchesQuery(workerId), { refetchOnReturn: true });
  const settings = useScreenQuery(pickingSettingsQuery());
  const batchId = selection?.kind === 'batch' ? selection.id : null;
  const openBatch = useScreenQuery({ ...pickingBatchQuery(batchId ?? 0), enabled: batchId !== null });

  const orders = list.data?.orders ?? [];
  const batches = batchList.data?.batches ?? [];
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
    batch: batchId === null ? undefined : openBatch.data,
    scanLocationFirst: settings.data?.scan_location_first ?? false,
  };
}

export type PickingData = ReturnType<typeof usePickingData>;

type Options = Pick<PickRequest, 'from' | 'scanned'>;

/** What the panel shows of the last refused pick or completion: a pick refused for lack of stock names the holders. */
function panelErrorOf(pick: Command<PickVariables, unknown>, order: Command<number, unknown>, batch: Command<number, unknown>): PickError | null {
  if (pick.error !== null && pick.variables) {
    return { message: pick.error, orderId: pick.variables.orderId, itemId: pick.variables.itemId, holders: holdersOf(pick.failure) };
  }
  if (order.error !== null && order.variables !== undefined) return { message: order.error, orderId: order.variables, itemId: null, holders: [] };
  if (batch.error !== null) return { message: batch.error, orderId: 0, itemId: null, holders: [] };
  return null;
}

interface PickCommandsInput extends PickingInput {
  scanLocationFirst: boolean;
  batch: BatchDetail | undefined;
}

/** The picking screen's commands: pick, Can't find it, complete an order, complete a batch, one at a time. */
function usePickCommands({ state, dispatch, scanLocationFirst, batch, panel, scanPanel }: PickCommandsInput) {
  const pick = useCommand(pickCommand);
  const completeOrder = useCommand(completeOrderCommand);
  const completeBatch = useCommand(completeBatchCommand);
  // After a short, focus moves on as after a pick by its button.
  const short = useShortPick(dispatch, ({ itemId }) => {
    const walk = state.shortPick?.walk ?? [];
    focusNext(nextUnpicked(walk.filter((i) => i.id !== itemId))?.id ?? null);
  });
  const inFlight = pick.isPending || completeOrder.isPending || completeBatch.isPending || short.pending;
  const focusNext = useFocusAfterPick(panel, scanPanel, inFlight);
  const clearErrors = () => [pick, completeOrder, completeBatch].forEach((c) => c.reset());

  const record = ({ orderId, item, walk, from, scanned = false }: PickRequest) => {
    if (inFlight) return;
    clearErrors();
    // An item held nowhere has no location to suggest: while pickers scan the location label first, the pick names the
    // label scanned (the server refuses a pick naming none then).
    const location = from ?? (item.location_suggested ? item.location : null) ?? (scanLocationFirst ? state.atLocation : null);
    pick.run(
      { orderId, itemId: item.id, location },
      {
        onSuccess: () => {
          dispatch({ type: 'feedback', feedback: { tone: 'success', text: pickedMessage(item, location) } });
          if (scanned) scanCue(true);
          else focusNext(nextUnpicked(walk.filter((i) => i.id !== item.id))?.id ?? null);
        },
        onError: (error) => {
          if (!scanned) return;
          dispatch({ type: 'feedback', feedback: { tone: 'error', text: messageOf(error, pickCommand.fallbackError) } });
          scanCue(false);
        },
      },
    );
  };

  return {
    inFlight,
    short,
    pickingItemId: pick.isPending ? (pick.variables?.itemId ?? null) : null,
    completing: completeOrder.isPending || completeBatch.isPending,
    error: panelErrorOf(pick, completeOrder, completeBatch),
    clearErrors,
    record,
    pickOf: (order: OrderWithItems, itemId: number, options: Options) => {
      const item = order.items.find((i) => i.id === itemId);
      if (item) record({ ...options, orderId: order.id, item, walk: order.items });
    },
    pickLine: (line: BatchLine, options: Options) => record({ ...options, orderId: line.order_id, item: line, walk: batch?.lines ?? [line] }),
    /** "Can't find it" on a line of `walk` (an order's items or a batch's lines). */
    shortFor: (orderId: number, item: OrderItem, walk: readonly OrderItem[]) => !inFlight && short.ask({ orderId, item, walk }),
    completeOrder: (order: OrderWithItems) => {
      if (inFlight) return;
      clearErrors();
      completeOrder.run(order.id, { onSuccess: (answer) => dispatch({ type: 'completed', notice: completedNotice(answer) }) });
    },
    completeBatch: (b: BatchDetail) => {
      if (inFlight) return;
      clearErrors();
      completeBatch.run(b.id, { onSuccess: (answer) => dispatch({ type: 'completed', notice: answer.message ?? `Batch ${b.id} completed` }) });
    },
  };
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
    const outcome = readScan(code, {
      orders: ownOrders,
      selectedId: state.selection?.kind === 'order' ? state.selection.id : null,
      batch: batch ? { id: batch.id, lines: batch.lines } : null,
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
