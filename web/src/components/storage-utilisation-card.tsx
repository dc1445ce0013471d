import { useId } from 'react';
import { UtilisationBar } from './ui/utilisation-bar.tsx';

/**
 * The Storage Utilization card the inventory Reports tab and the Inventory Status report both show (spec: bars for
 * Bins and Racks), each the mean of per-location percentages.
 */
export function StorageUtilisationCard({ bins, racks }: { bins: number; racks: number }) {
  const titleId = useId();
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 className="card-title" id={titleId}>
        Storage Utilization
      </h2>
      <div className="util-pair">
        <UtilisationBar label="Bins" percent={Math.round(bins)} />
        <UtilisationBar label="Racks" percent={Math.round(racks)} />
      </div>
    </section>
  );
}
