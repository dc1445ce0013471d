import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { PickListSheet } from '../../components/print/pick-list-sheet.tsx';
import { PrintPage } from '../../components/print/print-page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { itemCount } from '../../lib/format.ts';
import { pickingBatchQuery } from './api/picking-api.ts';
import { batchPickListDetails, batchPickListLines } from './batch-pick-list.ts';

const BATCH_ID = /^[1-9]\d{0,9}$/;

// /print/batches/:id/pick-list: every unpicked line of the batch's orders in walk order, each with its order and tote.
export function BatchPickListPrintPage() {
  const { id = '' } = useParams();
  const valid = BATCH_ID.test(id);
  const batch = useQuery({ ...pickingBatchQuery(Number(id)), enabled: valid });

  let status = null;
  if (!valid) status = <Alert>Batch not found</Alert>;
  else if (!batch.data) status = <QueryState query={batch} loading="Loading batch..." failure="Failed to fetch the batch" />;

  return (
    <PrintPage title={`Pick list batch ${id}`} summary={batch.data ? itemCount(batch.data.lines.length) : null} status={status}>
      {batch.data ? (
        <PickListSheet title={`Batch ${batch.data.id}`} details={batchPickListDetails(batch.data)} lines={batchPickListLines(batch.data)} />
      ) : null}
    </PrintPage>
  );
}
