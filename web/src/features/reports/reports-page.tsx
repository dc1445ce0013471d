import { ComingLater } from '../../components/coming-later.tsx';

export function ReportsPage() {
  return <ComingLater title="Reports and Analytics" subtitle="Monitor inventory, orders, and worker productivity" work="reports" />;
}
