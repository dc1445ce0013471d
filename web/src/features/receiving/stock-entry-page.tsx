import { useAtomValue } from 'jotai';
import { PageHeader } from '../../components/page-header.tsx';
import { LocationSuggestionPanel } from '../../components/location-suggestion-panel.tsx';
import { StockUploadPanel } from '../../components/stock-upload-panel.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { signedInUserAtom } from '../../lib/session.ts';
import { ManualEntry } from './components/manual-entry.tsx';
import { receivingKeys } from './api/receiving-api.ts';

export function StockEntryPage() {
  const me = useAtomValue(signedInUserAtom);
  if (!me) return null;
  return (
    <section className="page">
      <PageHeader title="Stock Entry" subtitle="Record incoming stock by hand or from a file, and find where to put it" />
      <Tabs
        label="Stock entry"
        defaultSelectedKey="manual"
        items={[
          {
            id: 'manual',
            label: 'Manual Entry',
            content: (
              <div className="card">
                <ManualEntry />
              </div>
            ),
          },
          {
            id: 'upload',
            label: 'File Upload',
            content: (
              <div className="card">
                <StockUploadPanel role={me.role} invalidates={[receivingKeys.allReceipts, receivingKeys.stock]} />
              </div>
            ),
          },
          {
            id: 'suggestion',
            label: 'Location Suggestion',
            content: (
              <div className="card">
                <LocationSuggestionPanel />
              </div>
            ),
          },
        ]}
      />
    </section>
  );
}
