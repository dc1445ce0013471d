import type { Dispatch } from 'react';
import { scanCue, useBarcodeScanner } from '../../../lib/barcode-scanner.ts';
import type { OrderWithItems } from '../../../lib/order-items.ts';
import type { PickingEvent, PickingState } from '../picking-state.ts';
import { readScan, scanMessage } from '../scan-flow.ts';
import type { PickingData } from './use-picking-data.ts';
import type { PickCommands } from './use-pick-commands.ts';

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
export function usePickingScan({ data, state, dispatch, commands, select, scanHome }: ScanInput): (code: string) => void {
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
