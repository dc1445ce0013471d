import { useQuery } from '@tanstack/react-query';
import type { ReportRange } from '@wh/contracts/reports/http';
import { QueryState } from '../../../components/query-state.tsx';
import { BarChart } from '../../../components/ui/chart.tsx';
import { StatCard, StatCards } from '../../../components/ui/stat-card.tsx';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../../components/ui/table.tsx';
import { countAccuracyQuery } from '../api/reports-api.ts';
import { countWeekRows, overdueNote } from '../count-figures.ts';
import { formatRate } from '../report-options.ts';
import { PeriodLine } from './period-line.tsx';

/** Count Accuracy: how often a location's first count found what it held, by ISO week, and what the counts leave now. */
export function CountAccuracy({ range }: { range: ReportRange }) {
  const query = useQuery(countAccuracyQuery(range));
  const state = <QueryState query={query} loading="Loading count accuracy..." failure="Failed to fetch count accuracy" />;
  if (!query.data) return state;
  const a = query.data;
  const weeks = countWeekRows(a.weeks);
  const n = (v: number) => v.toLocaleString();
  return (
    <div className="report-body" aria-busy={query.isFetching || undefined}>
      {state}
      <PeriodLine period={a.period} />
      <StatCards label="Cycle counts in the period, and now">
        <StatCard label="Locations Counted" value={n(a.totals.locations_counted)} note="first counted in the period" />
        <StatCard label="First Count Matched" value={n(a.totals.first_count_matched)} note="found what the location held" />
        <StatCard label="Accuracy" value={formatRate(a.totals.accuracy)} />
        <StatCard label="Open" value={n(a.now.open_locations)} note={`to count or recount; ${n(a.now.to_approve)} to approve`} />
        <StatCard label="Overdue" value={n(a.now.overdue)} note={overdueNote(a.now.every_days)} tone={a.now.overdue > 0 ? 'yellow' : 'neutral'} />
      </StatCards>

      <section className="card" aria-labelledby="count-weeks-title">
        <h2 className="card-title" id="count-weeks-title">
          First counts by week
        </h2>
        <BarChart
          label="Locations counted and first counts matched, by week"
          categories={weeks.map((w) => w.label)}
          series={[
            { id: 'counted', label: 'Locations counted', values: weeks.map((w) => w.counted) },
            { id: 'matched', label: 'First count matched', values: weeks.map((w) => w.matched) },
          ]}
          table="none"
        />
        <Table aria-label="First counts by week">
          <TableHeader>
            <Column isRowHeader>Week</Column>
            <Column>Days</Column>
            <Column>Locations Counted</Column>
            <Column>First Count Matched</Column>
            <Column>Accuracy</Column>
          </TableHeader>
          <TableBody items={weeks}>
            {(w) => (
              <Row id={w.id}>
                <Cell>{w.label}</Cell>
                <Cell>{w.days}</Cell>
                <Cell>{w.counted}</Cell>
                <Cell>{w.matched}</Cell>
                <Cell>{w.accuracy}</Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      </section>
    </div>
  );
}
