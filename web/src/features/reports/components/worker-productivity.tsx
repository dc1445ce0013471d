import { useQuery } from '@tanstack/react-query';
import type { ReportRange } from '@wh/contracts/reports/http';
import { BarChart } from '../../../components/ui/chart.tsx';
import { StatCard, StatCards } from '../../../components/ui/stat-card.tsx';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../../components/ui/table.tsx';
import { workerProductivityQuery } from '../api/reports-api.ts';
import { formatDuration, formatRate } from '../report-options.ts';
import { PeriodLine } from './period-line.tsx';
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

      <section className="card" aria-labelledby="pickers-title">
        <h2 className="card-title" id="pickers-title">
          Pickers
        </h2>
        {workers.length === 0 ? (
          <p className="muted">{needle ? 'No picker matches the filter.' : 'Nobody picked in this period.'}</p>
        ) : (
          <>
            <BarChart
              label="Items picked and orders completed per worker"
              categories={workers.map((w) => w.worker_name)}
              series={[
                { id: 'items', label: 'Items picked', values: workers.map((w) => w.items_picked) },
                { id: 'orders', label: 'Orders completed', values: workers.map((w) => w.orders_completed) },
              ]}
              table="none"
            />
            <Table aria-label="Pickers" stackOnMobile>
              <TableHeader>
                <Column isRowHeader>Worker</Column>
                <Column>Items Picked</Column>
                <Column>Units</Column>
                <Column>Orders Completed</Column>
                <Column>Avg Time per Item</Column>
                <Column>Orders Verified</Column>
                <Column>Discrepancy Rate</Column>
              </TableHeader>
              <TableBody items={workers.map((w) => ({ ...w, id: w.worker_id }))}>
                {(w) => (
                  <Row id={w.worker_id}>
                    <Cell label="Worker">{w.worker_name}</Cell>
                    <Cell label="Items Picked">{w.items_picked}</Cell>
                    <Cell label="Units">{w.units_picked}</Cell>
                    <Cell label="Orders Completed">{w.orders_completed}</Cell>
                    <Cell label="Avg Time per Item">{formatDuration(w.average_seconds_per_item)}</Cell>
                    <Cell label="Orders Verified">{w.orders_verified}</Cell>
                    <Cell label="Discrepancy Rate">
                      {formatRate(w.discrepancy_rate)}
                      {w.orders_with_discrepancies > 0 ? ` (${w.orders_with_discrepancies} of ${w.orders_verified})` : ''}
                    </Cell>
                  </Row>
                )}
              </TableBody>
            </Table>
          </>
        )}
      </section>

      <section className="card" aria-labelledby="verifiers-title">
        <h2 className="card-title" id="verifiers-title">
          Verifiers
        </h2>
        {verifiers.length === 0 ? (
          <p className="muted">{needle ? 'No verifier matches the filter.' : 'Nobody verified an order in this period.'}</p>
        ) : (
          <Table aria-label="Verifiers" stackOnMobile>
            <TableHeader>
              <Column isRowHeader>Verifier</Column>
              <Column>Orders Verified</Column>
              <Column>With Discrepancies</Column>
            </TableHeader>
            <TableBody items={verifiers.map((v) => ({ ...v, id: v.verifier_id }))}>
              {(v) => (
                <Row id={v.verifier_id}>
                  <Cell label="Verifier">{v.verifier_name}</Cell>
                  <Cell label="Orders Verified">{v.orders_verified}</Cell>
                  <Cell label="With Discrepancies">{v.orders_with_discrepancies}</Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        )}
      </section>
    </div>
  );
}
