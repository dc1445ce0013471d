import { useQuery } from '@tanstack/react-query';
import type { DurationStats, OrderAnalytics as Analytics, ReportRange } from '@wh/contracts/reports/http';
import { BarChart } from '../../../components/ui/chart.tsx';
import { StatCard, StatCards } from '../../../components/ui/stat-card.tsx';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../../components/ui/table.tsx';
import { orderAnalyticsQuery } from '../api/reports-api.ts';
import { ORDER_SERIES, orderBuckets, type OrderSeries } from '../order-buckets.ts';
import { formatMinutes } from '../report-options.ts';
import { PeriodLine } from './period-line.tsx';
import { QueryState } from '../../../components/query-state.tsx';

const UNIT_WORD = { day: 'Day', week: 'Week', month: 'Month' } as const;

/** Order Analytics: orders received, assigned, completed, verified and cancelled per day, and how long each step took. */
export function OrderAnalytics({ range, series }: { range: ReportRange; series: readonly OrderSeries[] }) {
  const query = useQuery(orderAnalyticsQuery(range));
  const state = <QueryState query={query} loading="Loading order analytics..." failure="Failed to fetch order analytics" />;
  if (!query.data) return state;
  const a: Analytics = query.data;
  const { unit, buckets } = orderBuckets(a.days);
  const shownSeries = ORDER_SERIES.filter((s) => series.includes(s.id));
  return (
    <div className="report-body" aria-busy={query.isFetching || undefined}>
      {/* A failed background refetch keeps the figures on screen, and says they may be out of date. */}
      {state}
      <PeriodLine period={a.period} />
      <StatCards label="Orders in the period">
        {ORDER_SERIES.map((s) => (
          <StatCard key={s.id} label={`Orders ${s.label}`} value={a.totals[s.id].toLocaleString()} />
        ))}
      </StatCards>

      <section className="card" aria-labelledby="orders-chart-title">
        <h2 className="card-title" id="orders-chart-title">
          Orders per {UNIT_WORD[unit].toLowerCase()}
        </h2>
        {shownSeries.length === 0 ? (
          <p className="muted">Choose at least one series in Filters.</p>
        ) : (
          <BarChart
            label={`Orders per ${UNIT_WORD[unit].toLowerCase()}: ${shownSeries.map((s) => s.label.toLowerCase()).join(', ')}`}
            categories={buckets.map((b) => b.label)}
            series={shownSeries.map((s) => ({ id: s.id, label: s.label, values: buckets.map((b) => b[s.id]) }))}
            table="none"
          />
        )}
        <Table aria-label={`Orders per ${UNIT_WORD[unit].toLowerCase()}`}>
          <TableHeader>
            <Column isRowHeader>{UNIT_WORD[unit]}</Column>
            <Column>Received</Column>
            <Column>Assigned</Column>
            <Column>Completed</Column>
            <Column>Verified</Column>
            <Column>Cancelled</Column>
          </TableHeader>
          <TableBody items={buckets.map((b) => ({ ...b, id: b.start }))}>
            {(b) => (
              <Row id={b.start}>
                <Cell>{b.label}</Cell>
                <Cell>{b.received}</Cell>
                <Cell>{b.assigned}</Cell>
                <Cell>{b.completed}</Cell>
                <Cell>{b.verified}</Cell>
                <Cell>{b.cancelled}</Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      </section>

      <section className="card" aria-labelledby="orders-timing-title">
        <h2 className="card-title" id="orders-timing-title">
          Time from import
        </h2>
        <div className="report-timings">
          <Timing title="To assignment" stats={a.time_to_assignment} noun="assigned" />
          <Timing title="To completion" stats={a.time_to_completion} noun="completed" />
          <Timing title="To verification" stats={a.time_to_verification} noun="verified" />
        </div>
      </section>
    </div>
  );
}

function Timing({ title, stats, noun }: { title: string; stats: DurationStats; noun: string }) {
  return (
    <section className="report-timing" aria-label={`Time from import ${title.toLowerCase()}`}>
      <h3 className="report-insight-title">{title}</h3>
      <dl className="detail-list">
        <div>
          <dt>Average</dt>
          <dd>{formatMinutes(stats.average_minutes)}</dd>
        </div>
        <div>
          <dt>Median</dt>
          <dd>{formatMinutes(stats.median_minutes)}</dd>
        </div>
        <div>
          <dt>90th percentile</dt>
          <dd>{formatMinutes(stats.p90_minutes)}</dd>
        </div>
        <div>
          <dt>Orders</dt>
          <dd>
            {stats.count.toLocaleString()} {noun}
          </dd>
        </div>
      </dl>
    </section>
  );
}
