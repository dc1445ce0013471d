import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import type { Order } from '@wh/contracts/orders/http';
import { PageHeader } from '../../components/page-header.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { scanCue, useBarcodeScanner } from '../../lib/barcode-scanner.ts';
import { signedInUserAtom } from '../../lib/session.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { pickingSettingsQuery } from '../../lib/warehouse-settings.ts';
import { completeOrder, holdersOf, pickingKeys, pickingOrdersQuery, pickItem } from './api/picking-api.ts';
import { LocationSearch } from './components/location-search.tsx';
import { PickingOrderPanel, type PickError } from './components/picking-order-panel.tsx';
import { PickingOrdersList } from './components/picking-orders-list.tsx';
import { ScanPanel } from './components/scan-panel.tsx';
import { pickingStats, progressPercent } from './picking-progress.ts';
import { NO_STOCK_QUESTION, nextUnpicked, pickedMessage, readScan, scanMessage, type ScanTone } from './scan-flow.ts';
import './picking.css';

export function PickingPage() {
  const me = useAtomValue(signedInUserAtom);
  const queryClient = useQueryClient();
  // A worker picks their own orders; a manager sees every worker's (and may pick for them).
  const workerId = me?.role === 'worker' ? me.id : null;
  const list = useScreenQuery(pickingOrdersQuery(workerId), { refetchOnReturn: true });

  const settings = useScreenQuery(pickingSettingsQuery());
  const scanLocationFirst = settings.data?.scan_location_first ?? false;

  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [localPicks, setLocalPicks] = useState<Set<number>>(new Set());
  const [pickingItemId, setPickingItemId] = useState<number | null>(null);
  const [completing, setCompleting] = useState(false);
  const [panelError, setPanelError] = useState<PickError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [showSearch, setShowSearch] = useState(false);
  // The location label scanned last, and what the last scan did.
  const [atLocation, setAtLocation] = useState<string | null>(null);
  const [scanFeedback, setScanFeedback] = useState<{ tone: ScanTone; text: string } | null>(null);
  // An item with no stock anywhere waits for the picker to confirm.
  const [noStockPick, setNoStockPick] = useState<{ order: Order; itemId: number; scanned: boolean } | null>(null);
  // Where focus goes once a pick has landed: the next unpicked item's Pick button, else Complete Order.
  const [focusNext, setFocusNext] = useState<{ itemId: number | null } | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const orders = list.data?.orders ?? [];
  const selected = orders.find((o) => o.id === selectedId) ?? null;
  const stats = pickingStats(orders, localPicks);
  const inFlight = pickingItemId !== null || completing;

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: pickingKeys.all }), [queryClient]);

  useEffect(() => {
    if (!focusNext || inFlight) return;
    const panel = panelRef.current;
    const target =
      focusNext.itemId === null
        ? panel?.querySelector<HTMLElement>('[data-complete-order]')
        : panel?.querySelector<HTMLElement>(`[data-pick-item="${focusNext.itemId}"]`);
    target?.focus();
    setFocusNext(null);
  }, [focusNext, inFlight]);

  const select = (order: Order) => {
    setSelectedId(order.id);
    setPanelError(null);
    // On a phone the panel sits under the list: bring it into view.
    requestAnimationFrame(() => panelRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' }));
  };

  const pick = async (order: Order, itemId: number, options: { from?: string; scanned?: boolean } = {}) => {
    if (inFlight) return;
    const item = order.items.find((i) => i.id === itemId);
    setPickingItemId(itemId);
    setPanelError(null);
    try {
      const from = options.from ?? (item?.location_suggested ? item.location : null);
      await pickItem(order.id, itemId, from);
      const picks = new Set(localPicks).add(itemId);
      setLocalPicks(picks);
      if (item) setScanFeedback({ tone: 'success', text: pickedMessage(item, from) });
      if (options.scanned) scanCue(true);
      setFocusNext({ itemId: nextUnpicked(order.items, picks)?.id ?? null });
      void refresh();
    } catch (error) {
      // A 409 names the locations that hold the SKU: offer to pick from one of them.
      setPanelError({ message: messageOf(error, 'Failed to pick item'), orderId: order.id, itemId, holders: holdersOf(error) });
      if (options.scanned) {
        setScanFeedback({ tone: 'error', text: messageOf(error, 'Failed to pick item') });
        scanCue(false);
      }
    } finally {
      setPickingItemId(null);
    }
  };

  // An item no location holds is picked without taking stock, and only the manager's alerts show it later: ask first.
  const requestPick = (order: Order, itemId: number, options: { from?: string; scanned?: boolean } = {}) => {
    const item = order.items.find((i) => i.id === itemId);
    if (item?.no_stock && options.from === undefined) setNoStockPick({ order, itemId, scanned: options.scanned ?? false });
    else void pick(order, itemId, options);
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

  const onScan = (code: string) => {
    const outcome = readScan(code, { orders, selectedId, localPicks, scanLocationFirst, atLocation });
    const message = scanMessage(code, outcome);
    setScanFeedback(message);
    switch (outcome.kind) {
      case 'pick': {
        const order = orders.find((o) => o.id === outcome.orderId);
        if (order) requestPick(order, outcome.item.id, { scanned: true });
        return;
      }
      case 'select': {
        const order = orders.find((o) => o.id === outcome.orderId);
        if (order) select(order);
        scanCue(true);
        return;
      }
      case 'location':
        setAtLocation(outcome.location);
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

  useBarcodeScanner(onScan);

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

      <ScanPanel scanLocationFirst={scanLocationFirst} atLocation={atLocation} feedback={scanFeedback} onScan={onScan} />

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
            onPick={(order, itemId, from) => requestPick(order, itemId, from === undefined ? {} : { from })}
            onComplete={(order) => void complete(order)}
          />
        </div>
      </div>

      {noStockPick ? (
        <ConfirmDialog
          title="Pick Without Stock"
          confirmLabel="Pick Anyway"
          tone="primary"
          fallbackError="Failed to pick item"
          onClose={() => setNoStockPick(null)}
          onConfirm={async () => {
            const { order, itemId, scanned } = noStockPick;
            setNoStockPick(null);
            await pick(order, itemId, { scanned });
          }}
        >
          <p>{NO_STOCK_QUESTION}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
