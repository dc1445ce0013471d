import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import type { Batch, BatchDetail, BatchLine, OrderItem } from '@wh/contracts/orders/http';
import { PageHeader } from '../../components/page-header.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { scanCue, useBarcodeScanner } from '../../lib/barcode-scanner.ts';
import { signedInUserAtom } from '../../lib/session.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import type { OrderWithItems } from '../../lib/order-items.ts';
import { pickingSettingsQuery } from '../../lib/warehouse-settings.ts';
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
import { ScanPanel } from './components/scan-panel.tsx';
import { pickingStats, progressPercent } from './picking-progress.ts';
import { NO_STOCK_QUESTION, nextUnpicked, pickedMessage, readScan, scanMessage, type ScanTone } from './scan-flow.ts';
import './picking.css';

// One pick, of an order's item or a batch's line: the order item's own pick. `walk` is the list it sits in (the
// order's items or the batch's lines), where focus moves on to the next unpicked entry.
interface PickRequest {
  orderId: number;
  item: OrderItem;
  walk: readonly OrderItem[];
  /** The location named by the picker (a refused pick's holders); otherwise the suggested one. */
  from?: string;
  scanned?: boolean;
}

export function PickingPage() {
  const me = useAtomValue(signedInUserAtom);
  const queryClient = useQueryClient();
  // A worker picks their own orders; a manager sees every worker's (and may pick for them).
  const workerId = me?.role === 'worker' ? me.id : null;
  const list = useScreenQuery(pickingOrdersQuery(workerId), { refetchOnReturn: true });
  const batchList = useScreenQuery(pickingBatchesQuery(workerId), { refetchOnReturn: true });

  const settings = useScreenQuery(pickingSettingsQuery());
  const scanLocationFirst = settings.data?.scan_location_first ?? false;

  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [selectedBatchId, setSelectedBatchId] = useState<number | null>(null);
  const openBatch = useScreenQuery({ ...pickingBatchQuery(selectedBatchId ?? 0), enabled: selectedBatchId !== null });
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
  const [noStockPick, setNoStockPick] = useState<PickRequest | null>(null);
  // Where focus goes once a pick by its Pick button has landed: the next unpicked item's Pick button, else Complete
  // Order or Batch. A scan moves focus to the scan panel instead (scanHome).
  const [focusNext, setFocusNext] = useState<{ itemId: number | null } | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const scanPanelRef = useRef<HTMLElement>(null);

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

  useEffect(() => {
    if (!focusNext || inFlight) return;
    setFocusNext(null);
    // A scan since the press has put focus on the scan panel: it stays there.
    if (scanPanelRef.current?.contains(document.activeElement)) return;
    const panel = panelRef.current;
    const target =
      focusNext.itemId === null
        ? panel?.querySelector<HTMLElement>('[data-complete]')
        : panel?.querySelector<HTMLElement>(`[data-pick-item="${focusNext.itemId}"]`);
    target?.focus();
  }, [focusNext, inFlight]);

  const showPanel = () => {
    setPanelError(null);
    // On a phone the panel sits under the list: bring it into view.
    requestAnimationFrame(() => panelRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' }));
  };
  const select = (order: OrderWithItems) => {
    setSelectedId(order.id);
    setSelectedBatchId(null);
    showPanel();
  };
  const selectBatch = (b: Batch) => {
    setSelectedBatchId(b.id);
    setSelectedId(null);
    showPanel();
  };

  // After a scanner's scan, good or refused, focus rests on the scan panel (no control): a stray Enter there records
  // nothing, where on a Pick or Complete button it would press it.
  const scanHome = () => scanPanelRef.current?.focus({ preventScroll: true });

  const record = async ({ orderId, item, walk, from, scanned = false }: PickRequest) => {
    if (inFlight) return;
    setPickingItemId(item.id);
    setPanelError(null);
    try {
      // An item held nowhere has no location to suggest: while pickers scan the location label first, the pick
      // names the label scanned (the server refuses a pick naming none then).
      const location = from ?? (item.location_suggested ? item.location : null) ?? (scanLocationFirst ? atLocation : null);
      await pickItem(orderId, item.id, location);
      const picks = new Set(localPicks).add(item.id);
      setLocalPicks(picks);
      setScanFeedback({ tone: 'success', text: pickedMessage(item, location) });
      if (scanned) scanCue(true);
      else setFocusNext({ itemId: nextUnpicked(walk, picks)?.id ?? null });
      void refresh();
    } catch (error) {
      // A 409 names the locations that hold the SKU: offer to pick from one of them.
      setPanelError({ message: messageOf(error, 'Failed to pick item'), orderId, itemId: item.id, holders: holdersOf(error) });
      if (scanned) {
        setScanFeedback({ tone: 'error', text: messageOf(error, 'Failed to pick item') });
        scanCue(false);
      }
    } finally {
      setPickingItemId(null);
    }
  };

  // An item no location holds is picked without taking stock, and only the manager's alerts show it later: ask first.
  const requestPick = (request: PickRequest) => {
    if (request.item.no_stock && request.from === undefined) setNoStockPick(request);
    else void record(request);
  };
  const pickOf = (order: OrderWithItems, itemId: number, options: Pick<PickRequest, 'from' | 'scanned'>) => {
    const item = order.items.find((i) => i.id === itemId);
    if (item) requestPick({ ...options, orderId: order.id, item, walk: order.items });
  };
  const pickLine = (line: BatchLine, options: Pick<PickRequest, 'from' | 'scanned'>) =>
    requestPick({ ...options, orderId: line.order_id, item: line, walk: batch?.lines ?? [line] });
  const onlyFrom = (from: string | undefined) => (from === undefined ? {} : { from });

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

  const complete = async (order: OrderWithItems) => {
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

  // With a batch open, a scan works on its combined list; otherwise on the orders picked alone.
  const onScan = (code: string) => {
    const outcome = readScan(code, {
      orders: ownOrders,
      selectedId,
      batch: batch ? { id: batch.id, lines: batch.lines } : null,
      localPicks,
      scanLocationFirst,
      atLocation,
    });
    setScanFeedback(scanMessage(code, outcome));
    switch (outcome.kind) {
      case 'pick': {
        const line = batch?.lines.find((l) => l.id === outcome.item.id);
        const order = orders.find((o) => o.id === outcome.orderId);
        if (line) pickLine(line, { scanned: true });
        else if (order) pickOf(order, outcome.item.id, { scanned: true });
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

  useBarcodeScanner((code) => {
    scanHome();
    onScan(code);
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

      <ScanPanel ref={scanPanelRef} scanLocationFirst={scanLocationFirst} atLocation={atLocation} feedback={scanFeedback} onScan={onScan} />

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
              onPick={(line, from) => pickLine(line, onlyFrom(from))}
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
              onPick={(order, itemId, from) => pickOf(order, itemId, onlyFrom(from))}
              onComplete={(order) => void complete(order)}
            />
          )}
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
            const request = noStockPick;
            setNoStockPick(null);
            await record(request);
          }}
        >
          <p>{NO_STOCK_QUESTION}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
