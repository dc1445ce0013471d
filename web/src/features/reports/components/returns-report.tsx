import { useQuery } from '@tanstack/react-query';
import type { ReportRange } from '@wh/contracts/reports/http';
import { StatCard, StatCards } from '../../../components/ui/stat-card.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { returnsReportQuery } from '../api/reports-api.ts';
import { formatRate } from '../report-options.ts';
import { PeriodLine } from './period-line.tsx';
import { FitFlagsSection, ReturnStylesSection } from './return-tables.tsx';

/** Returns by Style and Size: units returned over units shipped, why they came back, and which sizes run small or large. */
export function ReturnsReport({ range, style }: { range: ReportRange; style: string }) {
  const query = useQuery(returnsReportQuery(range, style));
  const state = <QueryState query={query} loading="Loading the returns report..." failure="Failed to fetch the returns report" />;
  if (!query.data) return state;
  const r = query.data;
  return (
    <div className="report-body" aria-busy={query.isFetching || undefined}>
      {/* A failed background refetch keeps the figures on screen, and says they may be out of date. */}
      {state}
      <PeriodLine period={r.period} />
      <StatCards label={r.style ? `Returns of ${r.style} in the period` : 'Returns in the period'}>
        <StatCard label="Units Shipped" value={r.totals.shipped.toLocaleString()} note="in orders verified" />
        <StatCard label="Units Returned" value={r.totals.returned.toLocaleString()} note="in parcels received" />
        <StatCard label="Return Rate" value={formatRate(r.totals.rate)} />
        <StatCard label="Styles Returned" value={r.style_count.toLocaleString()} />
      </StatCards>
      <FitFlagsSection flagged={r.flagged} />
      <ReturnStylesSection styles={r.styles} style={r.style} count={r.style_count} />
    </div>
  );
}
