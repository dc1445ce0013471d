import { useCallback, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import type { Batch, BatchDetail, BatchLine, Order } from '@wh/contracts/orders/http';
import { PageHeader } from '../../components/page-header.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { useBarcodeScanner } from '../../lib/barcode-scanner.ts';
import { signedInUserAtom } from '../../lib/session.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import {
  completeBatch,
  completeOrder,
  holdersOf,
  pickingBatchesQuery,
  pickingBatchQuery,
  pickingKeys,
  pickingOrdersQuery,
  pickItem,
} from './api/picking-api.ts';
import { PickingBatchPanel } from './components/picking-batch-panel.tsx';
import { LocationSearch } from './components/location-search.tsx';
import { PickingOrderPanel } from './components/picking-order-panel.tsx';
import type { PickError } from './components/pick-item-row.tsx';
import { PickingOrdersList } from './components/picking-orders-list.tsx';
import { batchScanTarget, pickingStats, progressPercent, scanTarget, type ScanTarget } from './picking-progress.ts';
import './picking.css';

export function PickingPage() {
  const me = useAtomValue(signedInUserAtom);
  const queryClient = useQueryClient();
  // A worker picks their own orders; a manager sees every worker's (and may pick for them).
  const workerId = me?.role === 'worker' ? me.id : null;
  const list = useScreenQuery(pickingOrdersQuery(workerId), { refetchOnReturn: true });
  const batchList = useScreenQuery(pickingBatchesQuery(workerId), { refetchOnReturn: true });

  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [selectedBatchId, setSelectedBatchId] = useState<number | null>(null);
  const openBatch = useScreenQuery({ ...pickingBatchQuery(selectedBatchId ?? 0), enabled: selectedBatchId !== null });
  const [localPicks, setLocalPicks] = useState<Set<number>>(new Set());
  const [pickingItemId, setPickingItemId] = useState<number | null>(null);
  const [completing, setCompleting] = useState(false);
  const [panelError, setPanelError] = useState<PickError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [showSearch, setShowSearch] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);

  const orders = list.data?.orders ?? [];
  const batches = batchList.data?.batches ?? [];
  // An order in a batch is picked with its batch.
  const batched = new Set(batches.flatMap((b) => b.orders.map((o) => o.order_id)));
  const ownOrders = orders.filter((o) => !batched.has(o.id));
  const selected = orders.find((o) => o.id === selectedId) ?? null;
  const batch = selectedBatchId === null ? undefined : openBatch.data;
  const stats = pickingStats(orders, localPicks);
  const inFlight = pickingItemId !== null || completing;

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: pickingKeys.all }), [queryClient]);

  const showPanel = () => {
    setPanelError(null);
    // On a phone the panel sits under the list: bring it into view.
    requestAnimationFrame(() => panelRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' }));
  };
  const select = (order: Order) => {
    setSelectedId(order.id);
    setSelectedBatchId(null);
    showPanel();
  };
  const selectBatch = (b: Batch) => {
    setSelectedBatchId(b.id);
    setSelectedId(null);
    showPanel();
  };

  // Every pick, of an order's item or a batch's line, is the order item's own pick.
  const record = async (orderId: number, itemId: number, location: string | null) => {
    if (inFlight) return;
    setPickingItemId(itemId);
    setPanelError(null);
    try {
      await pickItem(orderId, itemId, location);
      setLocalPicks((s) => new Set(s).add(itemId));
      void refresh();
    } catch (error) {
      // A 409 names the locations that hold the SKU: offer to pick from one of them.
      setPanelError({ message: messageOf(error, 'Failed to pick item'), orderId, itemId, holders: holdersOf(error) });
    } finally {
      setPickingItemId(null);
    }
  };
  const suggested = (item: { location: string | null; location_suggested: boolean }) => (item.location_suggested ? item.location : null);
  const pick = (order: Order, itemId: number, from?: string) => {
    const item = order.items.find((i) => i.id === itemId);
    return record(order.id, itemId, from ?? (item ? suggested(item) : null));
  };
  const pickLine = (line: BatchLine, from?: string) => record(line.order_id, line.id, from ?? suggested(line));

  const finishBatch = async (b: BatchDetail) => {
    if (inFlight) return;
    setCompleting(true);
    setPanelError(null);
    try {
      const answer = await completeBatch(b.id);
      setSelectedBatchId(null);
      setLocalPicks(new Set());
      setNotice(answer.message ?? `Batch ${b.id} completed`);
      void refresh();
    } catch (error) {
      setPanelError({ message: messageOf(error, 'Failed to complete the batch'), orderId: 0, itemId: null, holders: [] });
    } finally {
      setCompleting(false);
    }
  };

  const complete = async (order: Order) => {
    if (inFlight) return;
    setCompleting(true);
    setPanelError(null);
    try {
      await completeOrder(order.id);
      setSelectedId(null);
      setLocalPicks(new Set());
      setNotice(`Order ${order.order_number} completed`);
      void refresh();
    } catch (error) {
      setPanelError({ message: messageOf(error, 'Failed to complete order'), orderId: order.id, itemId: null, holders: [] });
    } finally {
      setCompleting(false);
    }
  };

  useBarcodeScanner((code) => {
    // With a batch open, a scan picks its next line with the SKU; otherwise it works on the orders picked alone.
    const target: ScanTarget = batch ? batchScanTarget(code, batch.lines, localPicks) : scanTarget(code, ownOrders, selectedId, localPicks);
    switch (target.kind) {
      case 'pick': {
        const line = batch?.lines.find((l) => l.id === target.itemId);
        const order = orders.find((o) => o.id === target.orderId);
        if (line) void pickLine(line);
        else if (order) void pick(order, target.itemId);
        setNotice(null);
        return;
      }
      case 'select': {
        const order = orders.find((o) => o.id === target.orderId);
        if (order) select(order);
        setNotice(`Scanned ${code}: order ${order?.order_number ?? ''} selected. Scan again to pick.`);
        return;
      }
      case 'all-picked':
        setNotice(`Scanned ${code}: every item with this SKU is already picked.`);
        return;
      case 'not-found':
        setNotice(`Scanned ${code}: no item with this SKU in ${batch ? `batch ${batch.id}` : 'your orders'}.`);
        return;
    }
  });

  return (
    <section className="page picking-page">
      <PageHeader
        title="Order Picking"
        subtitle={
          <>
            Pick items for assigned orders{me ? <span className="picking-user"> · {me.username}</span> : null}
          </>
        }
        actions={
          <>
            <Button variant="secondary" onPress={() => setShowSearch((v) => !v)} aria-expanded={showSearch}>
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
      {notice ? (
        <Alert tone="info" onDismiss={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}

      {showSearch ? <LocationSearch /> : null}

      <dl className="stat-grid picking-stats">
        <StatCard label="Assigned Orders" value={stats.assigned} />
        <StatCard label="In Progress" value={stats.inProgress} />
        <StatCard label="Items Picked" value={stats.itemsPicked} />
        <StatCard label="Avg Progress" value={`${stats.avgProgress}%`} />
      </dl>

      <div className="picking-layout">
        <PickingOrdersList
          orders={ownOrders}
          batches={batches}
          isLoading={list.isPending || batchList.isPending}
          selectedId={selectedId}
          selectedBatchId={selectedBatchId}
          progressOf={(o) => progressPercent(o, localPicks)}
          onSelect={select}
          onSelectBatch={selectBatch}
        />
        <div ref={panelRef} className="picking-panel-wrap">
          {selectedBatchId !== null ? (
            <PickingBatchPanel
              batchId={selectedBatchId}
              batch={batch}
              loadError={openBatch.isError ? messageOf(openBatch.error, 'Failed to fetch the batch') : null}
              localPicks={localPicks}
              pickingItemId={pickingItemId}
              completing={completing}
              error={panelError}
              onDismissError={() => setPanelError(null)}
              onPick={(line, from) => void pickLine(line, from)}
              onComplete={(b) => void finishBatch(b)}
            />
          ) : (
            <PickingOrderPanel
              order={selected}
              localPicks={localPicks}
              pickingItemId={pickingItemId}
              completing={completing}
              error={panelError}
              onDismissError={() => setPanelError(null)}
              onPick={(order, itemId, from) => void pick(order, itemId, from)}
              onComplete={(order) => void complete(order)}
            />
          )}
        </div>
      </div>
    </section>
  );
}
