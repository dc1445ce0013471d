import { useAtomValue } from 'jotai';
import { useSearchParams } from 'react-router-dom';
import { can } from '@wh/contracts/auth/permissions';
import { PageHeader } from '../../components/page-header.tsx';
import { LocationSuggestionPanel } from '../../components/location-suggestion-panel.tsx';
import { StockUploadPanel } from '../../components/stock-upload-panel.tsx';
import { Tabs, type TabItem } from '../../components/ui/tabs.tsx';
import { signedInUserAtom } from '../../lib/session.ts';
import { inventoryKeys } from './api/inventory-api.ts';
import { AdjustmentsTab } from './components/adjustments-tab.tsx';
import { AvailableItemsTab } from './components/available-items-tab.tsx';
import { LocationsTab } from './components/locations-tab.tsx';
import { ReportsTab } from './components/reports-tab.tsx';
import { SearchTab } from './components/search-tab.tsx';
import { StockHistoryTab } from './components/stock-history-tab.tsx';
import './inventory.css';

const TAB_IDS = ['search', 'available', 'locations', 'reports', 'history', 'adjustments'] as const;
type TabId = (typeof TAB_IDS)[number];
const isTabId = (v: string | null): v is TabId => v !== null && (TAB_IDS as readonly string[]).includes(v);

export function InventoryPage() {
  const me = useAtomValue(signedInUserAtom);
  const [params, setParams] = useSearchParams();
  if (!me) return null;
  const canAdjust = can(me.role, 'inventory:adjust');
  const asked = params.get('tab');
  // Adjustments is a manager's tab; anyone else who follows a link to it reads why they cannot adjust.
  const tab: TabId = isTabId(asked) ? asked : 'search';

  const items: TabItem[] = [
    { id: 'search', label: 'Inventory Search', content: <SearchTab /> },
    { id: 'available', label: 'Available Items', content: <AvailableItemsTab /> },
    { id: 'locations', label: 'Locations', content: <LocationsTab /> },
    { id: 'reports', label: 'Reports', content: <ReportsTab /> },
    { id: 'history', label: 'Stock History', content: <StockHistoryTab /> },
    ...(canAdjust || tab === 'adjustments' ? [{ id: 'adjustments', label: 'Adjustments', content: <AdjustmentsTab canAdjust={canAdjust} /> }] : []),
  ];

  return (
    <section className="page inventory-page">
      <PageHeader title="Inventory Management" subtitle="Search stock, browse bins and racks, and follow every movement" />
      <Tabs
        label="Inventory"
        items={items}
        selectedKey={tab}
        onSelectionChange={(key) =>
          // A tab chosen by hand starts clean: a SKU or location linked into Stock History is not carried along.
          setParams(new URLSearchParams({ tab: key }), { replace: true })
        }
      />
      <div className="inventory-panels">
        <section className="card" aria-labelledby="file-upload-title">
          <h2 className="card-title" id="file-upload-title">
            File Upload
          </h2>
          <StockUploadPanel role={me.role} invalidates={[inventoryKeys.all]} />
        </section>
        <section className="card" aria-labelledby="suggestion-title">
          <h2 className="card-title" id="suggestion-title">
            Location Suggestion
          </h2>
          <LocationSuggestionPanel />
        </section>
      </div>
    </section>
  );
}
