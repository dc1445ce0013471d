import { StatCard } from '../../../components/ui/stat-card.tsx';
import type { OrderWithItems } from '../../../lib/order-items.ts';
import { pickingStats } from '../picking-state.ts';

/** The four stat cards over every order to pick (those in batches too). */
export function PickingStats({ orders }: { orders: readonly OrderWithItems[] }) {
  const stats = pickingStats(orders);
  return (
    <dl className="stat-grid picking-stats">
      <StatCard label="Assigned Orders" value={stats.assigned} />
      <StatCard label="In Progress" value={stats.inProgress} />
      <StatCard label="Items Picked" value={stats.itemsPicked} />
      <StatCard label="Avg Progress" value={`${stats.avgProgress}%`} />
    </dl>
  );
}
