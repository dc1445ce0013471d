import type { Location } from '@wh/contracts/inventory/http';
import { StatCard, StatCards } from '../../../components/ui/stat-card.tsx';
import { averageUtilisation, utilisationTone } from '../../../lib/utilisation.ts';
import { LAYOUT_GROUPS, type groupLocations } from '../layout.ts';
import { LayoutTable, type LayoutAction } from './layout-table.tsx';

const active = (list: readonly Location[]) => list.filter((l) => l.is_active);
const average = (list: readonly Location[]) => averageUtilisation(active(list).map((l) => ({ stock: l.current_stock, capacity: l.capacity })));

/** How many bins and racks are in use, and how full they are on average. */
export function LayoutSummary({ groups }: { groups: ReturnType<typeof groupLocations> }) {
  const binAvg = average(groups.bin);
  const rackAvg = average([...groups.rack, ...groups.jean_rack]);
  return (
    <StatCards label="Layout summary">
      <StatCard label="Bins" value={active(groups.bin).length} note={`${groups.bin.length - active(groups.bin).length} inactive`} />
      <StatCard label="Regular Racks" value={active(groups.rack).length} />
      <StatCard label="Jean Racks" value={active(groups.jean_rack).length} />
      <StatCard label="Average Bin Utilisation" value={`${binAvg}%`} tone={utilisationTone(binAvg)} />
      <StatCard label="Average Rack Utilisation" value={`${rackAvg}%`} tone={utilisationTone(rackAvg)} />
    </StatCards>
  );
}

export interface LayoutGroupsProps {
  isPending: boolean;
  groups: ReturnType<typeof groupLocations>;
  busyCode: string | null;
  onAction: (action: LayoutAction, location: Location) => void;
}

/** One table per kind of location: bins, regular racks, jean racks, the receiving area. */
export function LayoutGroups({ isPending, groups, busyCode, onAction }: LayoutGroupsProps) {
  return (
    <>
      {isPending ? (
        <p className="muted" role="status">
          Loading warehouse layout...
        </p>
      ) : (
        LAYOUT_GROUPS.map((g) => (
          <section key={g.type} className="card" aria-labelledby={`layout-${g.type}`}>
            <h2 className="card-title" id={`layout-${g.type}`}>
              {g.title} <span className="muted small">({groups[g.type].length})</span>
            </h2>
            <LayoutTable title={g.title} locations={groups[g.type]} busyCode={busyCode} onAction={onAction} />
          </section>
        ))
      )}
    </>
  );
}
