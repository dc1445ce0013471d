import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { PickListSheet } from '../../components/print/pick-list-sheet.tsx';
import { PrintPage } from '../../components/print/print-page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { itemCount } from '../../lib/format.ts';
import { orderDetailQuery } from './api/orders-api.ts';
import { pickListDetails, pickListLines } from './pick-list.ts';

const ORDER_ID = /^[1-9]\d{0,9}$/;

// /print/orders/:id/pick-list: the order's items in walk order, each SKU and the order number with a barcode.
export function PickListPrintPage() {
  const { id = '' } = useParams();
  const valid = ORDER_ID.test(id);
  const order = useQuery({ ...orderDetailQuery(Number(id)), enabled: valid });
  const title = order.data ? `Pick list ${order.data.order_number}` : 'Pick list';

  let status = null;
  if (!valid) status = <Alert>Order not found</Alert>;
  else if (!order.data) status = <QueryState query={order} loading="Loading order..." failure="Failed to fetch order" />;

  return (
    <PrintPage title={title} summary={order.data ? itemCount(order.data.items.length) : null} status={status}>
      {order.data ? (
        <PickListSheet title={`Order ${order.data.order_number}`} orderNumber={order.data.order_number} details={pickListDetails(order.data)} lines={pickListLines(order.data)} />
      ) : null}
    </PrintPage>
  );
}
