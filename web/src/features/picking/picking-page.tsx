import { useCallback, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import type { Order } from '@wh/contracts/orders/http';
import { PageHeader } from '../../components/page-header.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { useBarcodeScanner } from '../../lib/barcode-scanner.ts';
import { signedInUserAtom } from '../../lib/session.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { completeOrder, holdersOf, pickingKeys, pickingOrdersQuery, pickItem } from './api/picking-api.ts';
import { LocationSearch } from './components/location-search.tsx';
import { PickingOrderPanel, type PickError } from './components/picking-order-panel.tsx';
import { PickingOrdersList } from './components/picking-orders-list.tsx';
import { pickingStats, progressPercent, scanTarget } from './picking-progress.ts';
import './picking.css';

export function PickingPage() {
  const me = useAtomValue(signedInUserAtom);
  const queryClient = useQueryClient();
  // A worker picks their own orders; a manager sees every worker's (and may pick for them).
  const workerId = me?.role === 'worker' ? me.id : null;
  const list = useScreenQuery(pickingOrdersQuery(workerId), { refetchOnReturn: true });

  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [localPicks, setLocalPicks] = useState<Set<number>>(new Set());
  const [pickingItemId, setPickingItemId] = useState<number | null>(null);
  const [completing, setCompleting] = useState(false);
  const [panelError, setPanelError] = useState<PickError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [showSearch, setShowSearch] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);

  const orders = list.data?.orders ?? [];
  const selected = orders.find((o) => o.id === selectedId) ?? null;
  const stats = pickingStats(orders, localPicks);
  const inFlight = pickingItemId !== null || completing;

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: pickingKeys.all }), [queryClient]);

  const select = (order: Order) => {
    setSelectedId(order.id);
    setPanelError(null);
    // On a phone the panel sits under the list: bring it into view.
    requestAnimationFrame(() => panelRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' }));
  };

  const pick = async (order: Order, itemId: number, from?: string) => {
    if (inFlight) return;
    const item = order.items.find((i) => i.id === itemId);
    setPickingItemId(itemId);
    setPanelError(null);
    try {
      await pickItem(order.id, itemId, from ?? (item?.location_suggested ? item.location : null));
      setLocalPicks((s) => new Set(s).add(itemId));
      void refresh();
    } catch (error) {
      // A 409 names the locations that hold the SKU: offer to pick from one of them.
      setPanelError({ message: messageOf(error, 'Failed to pick item'), orderId: order.id, itemId, holders: holdersOf(error) });
    } finally {
      setPickingItemId(null);
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
    const target = scanTarget(code, orders, selectedId, localPicks);
    switch (target.kind) {
      case 'pick': {
        const order = orders.find((o) => o.id === target.orderId);
        if (order) void pick(order, target.itemId);
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
        setNotice(`Scanned ${code}: no item with this SKU in your orders.`);
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
          orders={orders}
          isLoading={list.isPending}
          selectedId={selectedId}
          progressOf={(o) => progressPercent(o, localPicks)}
          onSelect={select}
        />
        <div ref={panelRef} className="picking-panel-wrap">
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
        </div>
      </div>
    </section>
  );
}
