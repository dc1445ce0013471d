import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { Barcode } from '../../components/barcode.tsx';
import { PrintPage } from '../../components/print/print-page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { layoutQuery } from './api/locations-api.ts';
import { labelRangeOf, selectLabelRange, type LocationLabel } from './labels.ts';

// /print/labels?from=A-1-1&to=A-2-3[&type=bin]: one label per location of the range, two across an A4 sheet.
export function LabelsPrintPage() {
  const [search] = useSearchParams();
  const layout = useQuery(layoutQuery());
  const asked = labelRangeOf(search);
  const selection = asked.ok && layout.data ? selectLabelRange(layout.data.locations, asked.range) : null;
  const title = asked.ok && asked.range.from === asked.range.to ? `Location label ${asked.range.from}` : 'Location labels';

  let status = null;
  if (!asked.ok) status = <Alert>{asked.message}</Alert>;
  else if (!layout.data) status = <QueryState query={layout} loading="Loading warehouse layout..." failure="Failed to fetch locations" />;
  else if (selection && !selection.ok) status = <Alert>{selection.message}</Alert>;

  const labels = selection?.ok ? selection.labels : [];
  return (
    <PrintPage title={title} summary={selection?.ok ? `${labels.length} ${labels.length === 1 ? 'label' : 'labels'}` : null} status={status}>
      <ul className="print-sheet label-sheet" aria-label="Labels">
        {labels.map((label) => (
          <LabelCard key={label.code} label={label} />
        ))}
      </ul>
    </PrintPage>
  );
}

function LabelCard({ label }: { label: LocationLabel }) {
  return (
    <li className="location-label" data-location={label.code}>
      <span className="location-label-type">{label.type}</span>
      <span className="location-label-code">{label.code}</span>
      <Barcode value={label.code} heightMm={16} />
    </li>
  );
}
