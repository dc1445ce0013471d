import { messageOf } from '../../../lib/api-errors.ts';
import type { PickingData } from '../hooks/use-picking-data.ts';
import type { PickCommands } from '../hooks/use-pick-commands.ts';
import type { Selection } from '../picking-state.ts';
import { PickingBatchPanel } from './picking-batch-panel.tsx';
import { PickingOrderPanel } from './picking-order-panel.tsx';

const onlyFrom = (from: string | undefined) => (from === undefined ? {} : { from });

/** The open batch's combined list, or the selected order's items (or the prompt to select one). */
export function PickingPanel({ selection, data, commands }: { selection: Selection; data: PickingData; commands: PickCommands }) {
  const shared = {
    pickingItemId: commands.pickingItemId,
    completing: commands.completing,
    error: commands.error,
    onDismissError: commands.clearErrors,
  };
  if (selection?.kind === 'batch') {
    return (
      <PickingBatchPanel
        {...shared}
        batchId={selection.id}
        batch={data.batch}
        loadError={data.openBatch.isError ? messageOf(data.openBatch.error, 'Failed to fetch the batch') : null}
        onPick={(line, from) => commands.pickLine(line, onlyFrom(from))}
        onComplete={commands.completeBatch}
      />
    );
  }
  return (
    <PickingOrderPanel
      {...shared}
      order={data.selected}
      onPick={(order, itemId, from) => commands.pickOf(order, itemId, onlyFrom(from))}
      onComplete={commands.completeOrder}
    />
  );
}
