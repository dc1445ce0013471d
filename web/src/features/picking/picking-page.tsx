import { ComingLater } from '../../components/coming-later.tsx';

export function PickingPage() {
  return <ComingLater title="Order Picking" subtitle="Pick items for assigned orders" work="orders" />;
}
