import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Location } from '@wh/contracts/inventory/http';
import { useAtomValue } from 'jotai';
import { can, isRole } from '@wh/contracts/auth/permissions';
import { PageHeader } from '../../components/page-header.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { signedInUserAtom } from '../../lib/session.ts';
import { useCommand } from '../../lib/use-command.ts';
import { layoutQuery, updateLocationCommand } from './api/locations-api.ts';
import { LayoutGroups, LayoutSummary } from './components/layout-summary.tsx';
import type { LayoutAction } from './components/layout-table.tsx';
import { CountSettingsCard } from './components/count-settings-card.tsx';
import { PickingSettingsCard } from './components/picking-settings-card.tsx';
import { SettingsDialogs, type SettingsDialog } from './components/settings-dialogs.tsx';
import { groupLocations } from './layout.ts';
import './settings.css';

const NOTICE_MS = 5_000;

// The manager's Settings: the warehouse layout (bins, regular racks, jean racks, the receiving area), how pickers scan
// and how the cycle counts run.
export function SettingsPage() {
  const user = useAtomValue(signedInUserAtom);
  const managesCounts = user !== null && isRole(user.role) && can(user.role, 'counts:manage');
  const layout = useQuery(layoutQuery());
  const [dialog, setDialog] = useState<SettingsDialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const activation = useCommand(updateLocationCommand);

  useEffect(() => {
    if (!notice) return;
    const id = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(id);
  }, [notice]);

  const done = (message: string) => {
    setDialog(null);
    activation.reset();
    setNotice(message);
  };

  const onAction = (action: LayoutAction, location: Location) => {
    activation.reset();
    if (action === 'capacity' || action === 'walk_sequence') return setDialog({ kind: 'number', field: action, location });
    const isActive = action === 'reactivate';
    const defaultMessage = isActive ? 'Failed to reactivate location' : 'Failed to deactivate location';
    activation.run(
      { code: location.code, body: { is_active: isActive }, defaultMessage },
      { onSuccess: () => done(`${location.code} ${isActive ? 'reactivated' : 'deactivated'}`) },
    );
  };

  const groups = groupLocations(layout.data?.locations ?? []);
  const busyCode = activation.isPending ? (activation.variables?.code ?? null) : null;

  return (
    <section className="page settings-page">
      <PageHeader
        title="Settings"
        subtitle="Warehouse layout: bins, racks, the receiving area and the pick path; how pickers scan"
        actions={
          <>
            <Button variant="secondary" onPress={() => setDialog({ kind: 'labels' })} isDisabled={!layout.data}>
              Print Labels
            </Button>
            <Button variant="secondary" onPress={() => setDialog({ kind: 'create', mode: 'range' })}>
              Add Range
            </Button>
            <Button onPress={() => setDialog({ kind: 'create', mode: 'one' })}>Add Location</Button>
          </>
        }
      />

      {activation.error ? <Alert onDismiss={activation.reset}>{activation.error}</Alert> : null}
      {notice ? <Alert tone="success">{notice}</Alert> : null}

      {layout.isError ? (
        <Alert title="Error">
          {messageOf(layout.error, 'Failed to fetch locations')}{' '}
          <Button size="sm" variant="secondary" onPress={() => void layout.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : null}

      <LayoutSummary groups={groups} />

      <PickingSettingsCard onSaved={setNotice} />

      {managesCounts ? <CountSettingsCard onSaved={setNotice} /> : null}

      <LayoutGroups isPending={layout.isPending} groups={groups} busyCode={busyCode} onAction={onAction} />

      <SettingsDialogs dialog={dialog} locations={layout.data?.locations ?? []} onClose={() => setDialog(null)} onDone={done} />
    </section>
  );
}
