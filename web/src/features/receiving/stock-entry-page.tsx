import { ComingLater } from '../../components/coming-later.tsx';

export function StockEntryPage() {
  return <ComingLater title="Stock Entry" work="inventory" />;
}
