import { ComingLater } from '../../components/coming-later.tsx';

export function InventoryPage() {
  return <ComingLater title="Inventory Management" work="inventory" />;
}
