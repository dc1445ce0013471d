import { useAtomValue } from 'jotai';
import { can } from '@wh/contracts/auth/permissions';
import { PageHeader } from '../../components/page-header.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { signedInUserAtom } from '../../lib/session.ts';
import { CountingPanel } from './components/counting-panel.tsx';
import { ManagePanel } from './components/manage-panel.tsx';
import './counts.css';

/**
 * Cycle counts. Every counter gets the phone screen: scan a location, count what is there, send it, blind. A manager
 * also gets the tasks, with what was expected: a counter's screen never reads them, so it cannot show them.
 */
export function CountsPage() {
  const role = useAtomValue(signedInUserAtom)?.role;
  const manages = role !== undefined && can(role, 'counts:manage');
  return (
    <section className="page counts-page">
      <PageHeader title="Cycle Counts" subtitle="Count what each location holds, location by location" />
      {manages ? (
        <Tabs
          label="Cycle counts"
          defaultSelectedKey="count"
          items={[
            { id: 'count', label: 'Count', content: <CountingPanel /> },
            { id: 'manage', label: 'Manage', content: <ManagePanel /> },
          ]}
        />
      ) : (
        <CountingPanel />
      )}
    </section>
  );
}
