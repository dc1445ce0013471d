import { ComingLater } from '../../components/coming-later.tsx';

export function StockApprovalPage() {
  return <ComingLater title="Stock Approval" work="inventory" />;
}
