import { useAtomValue } from 'jotai';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header.tsx';
import { stockPanelTabs } from '../../components/stock-panel-tabs.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { signedInUserAtom } from '../../lib/session.ts';
import { ManualEntry } from './components/manual-entry.tsx';
import { receivingKeys } from './api/receiving-api.ts';

const TAB_IDS = ['manual', 'upload', 'suggestion'] as const;
type TabId = (typeof TAB_IDS)[number];
const isTabId = (v: string | null): v is TabId => v !== null && (TAB_IDS as readonly string[]).includes(v);

export function StockEntryPage() {
  const me = useAtomValue(signedInUserAtom);
  // The tab lives in the URL, so a link (the dashboard's Style Upload) can open File Upload.
  const [params, setParams] = useSearchParams();
  if (!me) return null;
  const asked = params.get('tab');
  const tab: TabId = isTabId(asked) ? asked : 'manual';
  return (
    <section className="page">
      <PageHeader title="Stock Entry" subtitle="Record incoming stock by hand or from a file, and find where to put it" />
      <Tabs
        label="Stock entry"
        selectedKey={tab}
        onSelectionChange={(key) => setParams(key === 'manual' ? {} : { tab: key }, { replace: true })}
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
          ...stockPanelTabs(me.role, [receivingKeys.allReceipts, receivingKeys.stock]),
        ]}
      />
    </section>
  );
}
