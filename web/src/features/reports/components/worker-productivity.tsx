import { useQuery } from '@tanstack/react-query';
import type { ReportRange } from '@wh/contracts/reports/http';
import { StatCard, StatCards } from '../../../components/ui/stat-card.tsx';
import { workerProductivityQuery } from '../api/reports-api.ts';
import { PeriodLine } from './period-line.tsx';
import { PickersSection, VerifiersSection } from './productivity-tables.tsx';
import { QueryState } from '../../../components/query-state.tsx';

/** Worker Productivity: per picker items, orders, time per item and discrepancy rate; per verifier orders verified. */
export function WorkerProductivity({ range, nameFilter }: { range: ReportRange; nameFilter: string }) {
  const query = useQuery(workerProductivityQuery(range));
  const state = <QueryState query={query} loading="Loading worker productivity..." failure="Failed to fetch worker productivity" />;
  if (!query.data) return state;
  const p = query.data;
  const needle = nameFilter.trim().toLowerCase();
  const workers = needle ? p.workers.filter((w) => w.worker_name.toLowerCase().includes(needle)) : p.workers;
  const verifiers = needle ? p.verifiers.filter((v) => v.verifier_name.toLowerCase().includes(needle)) : p.verifiers;
  return (
    <div className="report-body" aria-busy={query.isFetching || undefined}>
      {/* A failed background refetch keeps the figures on screen, and says they may be out of date. */}
      {state}
      <PeriodLine period={p.period} />
      <StatCards label="Totals in the period">
        <StatCard label="Items Picked" value={p.totals.items_picked.toLocaleString()} note={`${p.totals.units_picked.toLocaleString()} units`} />
        <StatCard label="Orders Completed" value={p.totals.orders_completed.toLocaleString()} />
        <StatCard label="Orders Verified" value={p.totals.orders_verified.toLocaleString()} />
        <StatCard label="Pickers" value={p.workers.length.toLocaleString()} />
      </StatCards>

      <PickersSection workers={workers} filtered={needle !== ''} />
      <VerifiersSection verifiers={verifiers} filtered={needle !== ''} />
    </div>
  );
}
