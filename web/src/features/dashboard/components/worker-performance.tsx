import type { DailySummary } from '@wh/contracts/reports/http';
import { ShareBar } from '../../../components/ui/share-bar.tsx';
import { itemCount } from '../../../lib/format.ts';
import { percentOf, TOP_WORKERS_SHOWN } from '../dashboard-figures.ts';

/** Worker Performance Today (manager, executive1): the server's totals and top pickers, each with their share. */
export function WorkerPerformanceToday({ summary }: { summary: DailySummary }) {
  const totals = summary.worker_performance;
  if (!totals) return null;
  const top = summary.workers.slice(0, TOP_WORKERS_SHOWN);
  return (
    <section className="card" aria-labelledby="worker-performance-title">
      <h2 className="card-title" id="worker-performance-title">
        Worker Performance Today
      </h2>
      <dl className="stat-grid">
        <div className="stat">
          <dt>Active Workers</dt>
          <dd>{totals.active_workers.toLocaleString()}</dd>
        </div>
        <div className="stat">
          <dt>Total Items Picked</dt>
          <dd>{totals.total_items_picked.toLocaleString()}</dd>
        </div>
        <div className="stat">
          <dt>Average per Worker</dt>
          <dd>{totals.average_per_worker.toLocaleString(undefined, { maximumFractionDigits: 1 })}</dd>
        </div>
      </dl>
      <h3 className="section-title">Top Performers</h3>
      {top.length === 0 ? (
        <p className="muted">No items picked yet today.</p>
      ) : (
        <ol className="share-list" aria-label="Top performers">
          {top.map((w) => (
            <li key={w.worker_id}>
              <ShareBar label={w.worker_name} percent={percentOf(w.items_picked, totals.total_items_picked)} detail={itemCount(w.items_picked)} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
