import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { StatCard, StatCards } from '../../../components/ui/stat-card.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { utilisationTone } from '../../../lib/utilisation.ts';
import { binsQuery, racksQuery } from '../api/inventory-api.ts';
import { CountFlagsCard } from './count-flags-card.tsx';
import { BinsTable, JeanRacksTable, percent, RegularRacksTable } from './storage-tables.tsx';

export function LocationsTab() {
  const bins = useQuery(binsQuery());
  const racks = useQuery(racksQuery());
  const binAvg = percent(bins.data?.average_utilization ?? null);
  const rackAvg = percent(racks.data?.average_utilization ?? null);
  return (
    <div className="inventory-tab">
      <StatCards label="Storage overview">
        <StatCard label="Total Bins" value={bins.data ? bins.data.total_bins.toLocaleString() : '…'} />
        <StatCard
          label="Average Bin Utilisation"
          value={binAvg === null ? '…' : `${binAvg}%`}
          tone={binAvg === null ? 'neutral' : utilisationTone(binAvg)}
        />
        <StatCard label="Regular Racks" value={racks.data ? racks.data.regular_racks.length : '…'} />
        <StatCard label="Jean Racks" value={racks.data ? racks.data.jean_racks.length : '…'} />
        <StatCard
          label="Average Rack Utilisation"
          value={rackAvg === null ? '…' : `${rackAvg}%`}
          tone={rackAvg === null ? 'neutral' : utilisationTone(rackAvg)}
        />
      </StatCards>

      <section className="card" aria-labelledby="bins-title">
        <h2 className="card-title" id="bins-title">
          Bins
        </h2>
        {bins.isError ? <Alert>{messageOf(bins.error, 'Failed to fetch bins')}</Alert> : null}
        {bins.isPending ? <p className="muted">Loading bins...</p> : null}
        {bins.data ? <BinsTable bins={bins.data.bins} /> : null}
      </section>

      <section className="card" aria-labelledby="racks-title">
        <h2 className="card-title" id="racks-title">
          Racks
        </h2>
        {racks.isError ? <Alert>{messageOf(racks.error, 'Failed to fetch racks')}</Alert> : null}
        {racks.isPending ? <p className="muted">Loading racks...</p> : null}
        {racks.data ? (
          <>
            <h3 className="section-title">Regular Racks</h3>
            <RegularRacksTable racks={racks.data.regular_racks} />
            <h3 className="section-title">Jean Racks</h3>
            <JeanRacksTable racks={racks.data.jean_racks} />
          </>
        ) : null}
      </section>

      <CountFlagsCard />
    </div>
  );
}
