import { useAtomValue } from 'jotai';
import { signedInUserAtom } from '../../../lib/session.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { pickingSettingsQuery } from '../../../lib/warehouse-settings.ts';
import { pickingBatchesQuery, pickingBatchQuery, pickingOrdersQuery } from '../api/picking-api.ts';
import type { Selection } from '../picking-state.ts';

/** The picking screen's data: the orders and batches to pick, the open batch, the warehouse's picking settings. */
export function usePickingData(selection: Selection) {
  const me = useAtomValue(signedInUserAtom);
  // A worker picks their own orders; a manager sees every worker's (and may pick for them).
  const workerId = me?.role === 'worker' ? me.id : null;
  const list = useScreenQuery(pickingOrdersQuery(workerId), { refetchOnReturn: true });
  const batchList = useScreenQuery(pickingBatchesQuery(workerId), { refetchOnReturn: true });
  const settings = useScreenQuery(pickingSettingsQuery());
  const batchId = selection?.kind === 'batch' ? selection.id : null;
  const openBatch = useScreenQuery({ ...pickingBatchQuery(batchId ?? 0), enabled: batchId !== null });

  const orders = list.data?.orders ?? [];
  const batches = batchList.data?.batches ?? [];
  // An order in a batch is picked with its batch.
  const batched = new Set(batches.flatMap((b) => b.orders.map((o) => o.order_id)));
  return {
    me,
    list,
    batchList,
    openBatch,
    orders,
    batches,
    ownOrders: orders.filter((o) => !batched.has(o.id)),
    selected: selection?.kind === 'order' ? (orders.find((o) => o.id === selection.id) ?? null) : null,
    batch: batchId === null ? undefined : openBatch.data,
    scanLocationFirst: settings.data?.scan_location_first ?? false,
  };
}

export type PickingData = ReturnType<typeof usePickingData>;
