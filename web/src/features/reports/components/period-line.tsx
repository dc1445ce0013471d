import type { ReportPeriod } from '@wh/contracts/reports/http';
import { formatDay } from '../../../lib/format.ts';

/** Which days the figures cover, in the warehouse's time zone. */
export function PeriodLine({ period }: { period: ReportPeriod }) {
  return (
    <p className="muted small report-period">
      {period.from === period.to ? formatDay(period.from) : `${formatDay(period.from)} to ${formatDay(period.to)}`} ({period.time_zone})
    </p>
  );
}
