import { useQuery } from '@tanstack/react-query';
import type { ReportRange } from '@wh/contracts/reports/http';
import { QueryState } from '../../../components/query-state.tsx';
import { StatCard, StatCards } from '../../../components/ui/stat-card.tsx';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../../components/ui/table.tsx';
import { formatDuration } from '../../../lib/format.ts';
import { returnsProcessingQuery } from '../api/reports-api.ts';
import { formatRate } from '../report-options.ts';
import { gradeRows, waitingText } from '../return-figures.ts';
import { PeriodLine } from './period-line.tsx';

/** Returns Processing: the grades of what came back, how long restocking took, and what is still open, by age. */
export function ReturnsProcessing({ range }: { range: ReportRange }) {
  const query = useQuery(returnsProcessingQuery(range));
  const state = <QueryState query={query} loading="Loading returns processing..." failure="Failed to fetch returns processing" />;
  if (!query.data) return state;
  const p = query.data;
  return (
    <div className="report-body" aria-busy={query.isFetching || undefined}>
      {state}
      <PeriodLine period={p.period} />
      <StatCards label="Returns processed in the period">
        <StatCard label="Units Received" value={p.received.toLocaleString()} />
        <StatCard label="Units Restocked" value={p.restock_time.units.toLocaleString()} note="to a location other than RETURNS" />
        <StatCard label="Receipt to Restock (median)" value={formatDuration(p.restock_time.p50_seconds)} />
        <StatCard label="Receipt to Restock (95th percentile)" value={formatDuration(p.restock_time.p95_seconds)} />
      </StatCards>

      <section className="card" aria-labelledby="return-grades-title">
        <h2 className="card-title" id="return-grades-title">
          Grades
        </h2>
        <Table aria-label="Units received by grade">
          <TableHeader>
            <Column isRowHeader>Grade</Column>
            <Column>Units</Column>
            <Column>Share</Column>
          </TableHeader>
          <TableBody items={gradeRows(p).map((g) => ({ ...g, id: g.grade }))}>
            {(g) => (
              <Row id={g.id}>
                <Cell>{g.label}</Cell>
                <Cell>{g.units}</Cell>
                <Cell>{formatRate(g.share)}</Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      </section>

      <section className="card" aria-labelledby="open-returns-title">
        <h2 className="card-title" id="open-returns-title">
          Open returns by age
        </h2>
        <p>{waitingText(p.open)}</p>
        <Table aria-label="Open returns by age">
          <TableHeader>
            <Column isRowHeader>Waiting</Column>
            <Column>Units</Column>
            <Column>Parcels</Column>
            <Column>Unmatched</Column>
          </TableHeader>
          <TableBody items={p.open.ages.map((a) => ({ ...a, id: a.age }))}>
            {(a) => (
              <Row id={a.id}>
                <Cell>{a.label}</Cell>
                <Cell>{a.units}</Cell>
                <Cell>{a.parcels}</Cell>
                <Cell>{a.unmatched}</Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      </section>
    </div>
  );
}
