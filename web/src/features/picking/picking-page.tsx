import { useReducer, useRef } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import { UndoPickDialog } from '../../components/undo-pick-dialog.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { LocationSearch } from './components/location-search.tsx';
import { PickExceptions } from './components/pick-exceptions.tsx';
import { PickingOrdersList } from './components/picking-orders-list.tsx';
import { PickingStats } from './components/picking-stats.tsx';
import { ScanPanel } from './components/scan-panel.tsx';
import { ShortPickDialog } from './components/short-pick-dialog.tsx';
import { SelectedPanel } from './components/selected-panel.tsx';
import { usePicking } from './hooks/use-picking.ts';
import { INITIAL_PICKING, pickingReducer } from './picking-state.ts';
import './picking.css';

export function PickingPage() {
  const [state, dispatch] = useReducer(pickingReducer, INITIAL_PICKING);
  const panelRef = useRef<HTMLDivElement>(null);
  const scanPanelRef = useRef<HTMLElement>(null);
  const { data, commands, queue, pending, show, onScan, undo } = usePicking({ state, dispatch, panel: panelRef, scanPanel: scanPanelRef });
  const { me, list, batchList, orders, batches } = data;

  return (
    // Open (an order or batch): on a phone its lines come first, under a compact scan bar that stays in sight.
    <section className={`page picking-page ${state.selection ? 'is-open' : ''}`}>
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

      <ScanPanel
        ref={scanPanelRef}
        scanLocationFirst={data.scanLocationFirst}
        atLocation={state.atLocation}
        feedback={state.feedback}
        offline={queue.offline}
        waiting={queue.waiting.length}
        onScan={onScan}
      />
      <PickExceptions exceptions={queue.exceptions} onAcknowledge={queue.acknowledge} />

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
          <SelectedPanel state={state} data={data} commands={commands} pending={pending} onUndo={undo.ask} />
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
