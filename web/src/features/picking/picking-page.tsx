import { useReducer, useRef } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import { UndoPickDialog } from '../../components/undo-pick-dialog.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { LocationSearch } from './components/location-search.tsx';
import { PickingOrdersList } from './components/picking-orders-list.tsx';
import { PickingBatchPanel } from './components/picking-batch-panel.tsx';
import { PickingOrderPanel } from './components/picking-order-panel.tsx';
import { PickingStats } from './components/picking-stats.tsx';
import { ScanPanel } from './components/scan-panel.tsx';
import { ShortPickDialog } from './components/short-pick-dialog.tsx';
import { usePicking, type PickCommands, type PickingData } from './hooks/use-picking.ts';
import { INITIAL_PICKING, pickingReducer, type PickRequest, type Selection } from './picking-state.ts';
import './picking.css';

export function PickingPage() {
  const [state, dispatch] = useReducer(pickingReducer, INITIAL_PICKING);
  const panelRef = useRef<HTMLDivElement>(null);
  const scanPanelRef = useRef<HTMLElement>(null);
  const { data, commands, show, onScan, undo } = usePicking({ state, dispatch, panel: panelRef, scanPanel: scanPanelRef });
  const { me, list, batchList, orders, batches } = data;

  return (
    <section className="page picking-page">
      <PageHeader
        title="Order Picking"
        subtitle={<>Pick items for assigned orders{me ? <span className="picking-user"> · {me.username}</span> : null}</>}
        actions={
          <>
            <Button variant="secondary" onPress={() => dispatch({ type: 'search-toggled' })} aria-expanded={state.showSearch}>
              Location Search
            </Button>
            <Button onPress={() => void list.refetch()} isDisabled={list.isFetching}>
              Refresh Orders
            </Button>
          </>
        }
      />

      {list.isError ? <Alert title="Error">{messageOf(list.error, 'Failed to fetch orders')}</Alert> : null}
      {batchList.isError ? <Alert title="Error">{messageOf(batchList.error, 'Failed to fetch batches')}</Alert> : null}
      {state.notice ? (
        <Alert tone="info" onDismiss={() => dispatch({ type: 'notice-dismissed' })}>
          {state.notice}
        </Alert>
      ) : null}

      <ScanPanel ref={scanPanelRef} scanLocationFirst={data.scanLocationFirst} atLocation={state.atLocation} feedback={state.feedback} onScan={onScan} />

      {state.showSearch ? <LocationSearch /> : null}

      <PickingStats orders={orders} />

      <div className="picking-layout">
        <PickingOrdersList
          orders={data.ownOrders}
          batches={batches}
          isLoading={list.isPending || batchList.isPending}
          selectedId={state.selection?.kind === 'order' ? state.selection.id : null}
          selectedBatchId={state.selection?.kind === 'batch' ? state.selection.id : null}
          onSelect={(order) => show({ kind: 'order', id: order.id })}
          onSelectBatch={(batch) => show({ kind: 'batch', id: batch.id })}
        />
        <div ref={panelRef} className="picking-panel-wrap">
          <SelectedPanel selection={state.selection} data={data} commands={commands} onUndo={undo.ask} />
        </div>
      </div>

      {state.shortPick ? (
        <ShortPickDialog
          request={state.shortPick}
          lookedIn={state.shortPick.item.no_stock ? state.atLocation : state.shortPick.item.location}
          pending={commands.short.pending}
          error={commands.short.error}
          onClose={commands.short.close}
          onRecord={(variables) => state.shortPick && commands.short.record(variables, state.shortPick.item)}
        />
      ) : null}
      {state.undoPick ? (
        <UndoPickDialog
          sku={state.undoPick.item.sku}
          kind={state.undoPick.item.status === 'short' ? 'short' : 'picked'}
          onUndo={(reason) => (state.undoPick ? undo.run(state.undoPick, reason) : Promise.resolve())}
          onClose={undo.close}
        />
      ) : null}
    </section>
  );
}

const onlyFrom = (from: string | undefined) => (from === undefined ? {} : { from });

/** The open batch's combined list, or the selected order's items (or the prompt to select one). */
function SelectedPanel({ selection, data, commands, onUndo }: { selection: Selection; data: PickingData; commands: PickCommands; onUndo: (request: PickRequest) => void }) {
  const shared = { pickingItemId: commands.pickingItemId, completing: commands.completing, error: commands.error, onDismissError: commands.clearErrors };
  if (selection?.kind === 'batch') {
    return (
      <PickingBatchPanel
        {...shared}
        batchId={selection.id}
        batch={data.batch}
        loadError={data.openBatch.isError ? messageOf(data.openBatch.error, 'Failed to fetch the batch') : null}
        onPick={(line, from) => commands.pickLine(line, onlyFrom(from))}
        onShort={(line) => commands.shortFor(line.order_id, line, data.batch?.lines ?? [line])}
        onUndo={(line) => onUndo({ orderId: line.order_id, item: line, walk: data.batch?.lines ?? [line] })}
        onComplete={commands.completeBatch}
      />
    );
  }
  return (
    <PickingOrderPanel
      {...shared}
      order={data.selected}
      onPick={(order, itemId, from) => commands.pickOf(order, itemId, onlyFrom(from))}
      onShort={(order, item) => commands.shortFor(order.id, item, order.items)}
      onUndo={(order, item) => onUndo({ orderId: order.id, item, walk: order.items })}
      onComplete={commands.completeOrder}
    />
  );
}
