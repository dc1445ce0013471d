import type { Dispatch, RefObject } from 'react';
import type { BatchDetail, BatchLine } from '@wh/contracts/orders/http';
import { messageOf } from '../../../lib/api-errors.ts';
import { scanCue } from '../../../lib/barcode-scanner.ts';
import type { OrderWithItems } from '../../../lib/order-items.ts';
import { useCommand, type Command } from '../../../lib/use-command.ts';
import { completeBatchCommand, completeOrderCommand, holdersOf, pickCommand, type PickVariables } from '../api/picking-api.ts';
import { useFocusAfterPick } from './use-focus-after-pick.ts';
import type { PickError, PickingEvent, PickingState, PickRequest } from '../picking-state.ts';
import { nextUnpicked, pickedMessage } from '../scan-flow.ts';

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

interface PickCommandsInput {
  state: PickingState;
  dispatch: Dispatch<PickingEvent>;
  scanLocationFirst: boolean;
  batch: BatchDetail | undefined;
  /** The panel whose next Pick (or complete) button gets focus after a pick by its button. */
  panel: RefObject<HTMLElement | null>;
  scanPanel: RefObject<HTMLElement | null>;
}

/** The picking screen's commands: pick, complete an order, complete a batch, one at a time. */
export function usePickCommands({ state, dispatch, scanLocationFirst, batch, panel, scanPanel }: PickCommandsInput) {
  const pick = useCommand(pickCommand);
  const completeOrder = useCommand(completeOrderCommand);
  const completeBatch = useCommand(completeBatchCommand);
  const inFlight = pick.isPending || completeOrder.isPending || completeBatch.isPending;
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

  // An item no location holds is picked without taking stock, and only the manager's alerts show it later: ask first.
  const requestPick = (request: PickRequest) => {
    if (request.item.no_stock && request.from === undefined) dispatch({ type: 'no-stock-asked', request });
    else record(request);
  };

  return {
    inFlight,
    pickingItemId: pick.isPending ? (pick.variables?.itemId ?? null) : null,
    completing: completeOrder.isPending || completeBatch.isPending,
    error: panelErrorOf(pick, completeOrder, completeBatch),
    clearErrors,
    record,
    pickOf: (order: OrderWithItems, itemId: number, options: Options) => {
      const item = order.items.find((i) => i.id === itemId);
      if (item) requestPick({ ...options, orderId: order.id, item, walk: order.items });
    },
    pickLine: (line: BatchLine, options: Options) => requestPick({ ...options, orderId: line.order_id, item: line, walk: batch?.lines ?? [line] }),
    completeOrder: (order: OrderWithItems) => {
      if (inFlight) return;
      clearErrors();
      completeOrder.run(order.id, { onSuccess: () => dispatch({ type: 'completed', notice: `Order ${order.order_number} completed` }) });
    },
    completeBatch: (b: BatchDetail) => {
      if (inFlight) return;
      clearErrors();
      completeBatch.run(b.id, { onSuccess: (answer) => dispatch({ type: 'completed', notice: answer.message ?? `Batch ${b.id} completed` }) });
    },
  };
}

export type PickCommands = ReturnType<typeof usePickCommands>;
