import { useAtomValue } from 'jotai';
import { useSearchParams } from 'react-router-dom';
import { can } from '@wh/contracts/auth/permissions';
import { PageHeader } from '../../components/page-header.tsx';
import { stockPanelTabs } from '../../components/stock-panel-tabs.tsx';
import { Tabs, type TabItem } from '../../components/ui/tabs.tsx';
import { signedInUserAtom } from '../../lib/session.ts';
import { inventoryKeys } from './api/inventory-api.ts';
import { AdjustmentsTab } from './components/adjustments-tab.tsx';
import { AvailableItemsTab } from './components/available-items-tab.tsx';
import { LocationsTab } from './components/locations-tab.tsx';
import { MoveTab } from './components/move-tab.tsx';
import { ReportsTab } from './components/reports-tab.tsx';
import { SearchTab } from './components/search-tab.tsx';
import { StockHistoryTab } from './components/stock-history-tab.tsx';
import './inventory.css';

const TAB_IDS = ['search', 'available', 'locations', 'reports', 'history', 'move', 'upload', 'suggestion', 'adjustments'] as const;
type TabId = (typeof TAB_IDS)[number];
const isTabId = (v: string | null): v is TabId => v !== null && (TAB_IDS as readonly string[]).includes(v);

export function InventoryPage() {
  const me = useAtomValue(signedInUserAtom);
  const [params, setParams] = useSearchParams();
  if (!me) return null;
  const canAdjust = can(me.role, 'inventory:adjust');
  // The desktop's Move Stock is the stock staff's (manager, executive2), who approve stock into RECEIVING and put it
  // away; everyone moves stock by scanning on /move-stock.
  const canMoveHere = can(me.role, 'stock:move') && can(me.role, 'stock:approve');
  const start = { sku: params.get('sku'), from: params.get('from') };
  const asked = params.get('tab');
  // Adjustments is a manager's tab; anyone else who follows a link to it reads why they cannot adjust.
  // Move Stock is offered only where it is shown (a link to it opens Inventory Search for anyone else).
  const tab: TabId = isTabId(asked) && (asked !== 'move' || canMoveHere) ? asked : 'search';

  const items: TabItem[] = [
    { id: 'search', label: 'Inventory Search', content: <SearchTab canMove={canMoveHere} /> },
    { id: 'available', label: 'Available Items', content: <AvailableItemsTab /> },
    { id: 'locations', label: 'Locations', content: <LocationsTab /> },
    { id: 'reports', label: 'Reports', content: <ReportsTab /> },
    { id: 'history', label: 'Stock History', content: <StockHistoryTab /> },
    ...(canMoveHere ? [{ id: 'move', label: 'Move Stock', content: <MoveTab key={`${start.sku}|${start.from}`} start={start} /> }] : []),
    // The spec's other panels, each a tab of its own rather than under every tab.
    ...stockPanelTabs(me.role, [inventoryKeys.all]),
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
    </section>
  );
}
