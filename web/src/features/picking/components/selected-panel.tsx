import { messageOf } from '../../../lib/api-errors.ts';
import type { PickCommands, PickingData } from '../hooks/use-picking.ts';
import type { PendingMark } from '../pick-queue.ts';
import type { PickingState, PickRequest } from '../picking-state.ts';
import { PickingBatchPanel } from './picking-batch-panel.tsx';
import { PickingOrderPanel } from './picking-order-panel.tsx';

const onlyFrom = (from: string | undefined) => (from === undefined ? {} : { from });

/** The open batch's combined list, or the selected order's items (or the prompt to select one). */
export interface SelectedPanelProps {
  state: PickingState;
  data: PickingData;
  commands: PickCommands;
  pending: ReadonlyMap<number, PendingMark>;
  onUndo: (request: PickRequest) => void;
}

export function SelectedPanel({ state, data, commands, pending, onUndo }: SelectedPanelProps) {
  const { selection } = state;
  const shared = { pickingItemId: commands.pickingItemId, pending, completing: commands.completing, error: commands.error, onDismissError: commands.clearErrors };
  if (selection?.kind === 'batch') {
    return (
      <PickingBatchPanel
        {...shared}
        batchId={selection.id}
        batch={data.batch}
        keptLine={state.keptLine}
        loadError={data.openBatch.isError ? messageOf(data.openBatch.error, 'Failed to fetch the batch') : null}
        onPick={(line, from) => commands.pickLine(line, onlyFrom(from))}
        onShort={(line) => commands.shortFor({ id: line.order_id, order_number: line.order_number }, line, data.batch?.lines ?? [line])}
        onUndo={(line) => onUndo({ orderId: line.order_id, orderNumber: line.order_number, item: line, walk: data.batch?.lines ?? [line] })}
        onComplete={commands.completeBatch}
      />
    );
  }
  return (
    <PickingOrderPanel
      {...shared}
      order={data.selected}
      onPick={(order, itemId, from) => commands.pickOf(order, itemId, onlyFrom(from))}
      onShort={(order, item) => commands.shortFor(order, item, order.items)}
      onUndo={(order, item) => onUndo({ orderId: order.id, orderNumber: order.order_number, item, walk: order.items })}
      onComplete={commands.completeOrder}
    />
  );
}
