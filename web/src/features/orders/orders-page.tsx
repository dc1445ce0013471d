import { ComingLater } from '../../components/coming-later.tsx';

export function OrdersPage() {
  return <ComingLater title="Order Management" work="orders" />;
}
