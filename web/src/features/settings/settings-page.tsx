import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Location } from '@wh/contracts/inventory/http';
import { PageHeader } from '../../components/page-header.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { StatCard, StatCards } from '../../components/ui/stat-card.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { averageUtilisation, utilisationTone } from '../../lib/utilisation.ts';
import { layoutKeys, layoutQuery, updateLocation } from './api/locations-api.ts';
import { CreateLocationDialog, type CreateMode } from './components/create-location-dialog.tsx';
import { LayoutTable, type LayoutAction } from './components/layout-table.tsx';
import { LocationNumberDialog, type LocationNumber } from './components/location-number-dialog.tsx';
import { PickingSettingsCard } from './components/picking-settings-card.tsx';
import { PrintLabelsDialog } from './components/print-labels-dialog.tsx';
import { groupLocations, LAYOUT_GROUPS } from './layout.ts';
import './settings.css';

type OpenDialog = { kind: 'create'; mode: CreateMode } | { kind: 'number'; field: LocationNumber; location: Location } | { kind: 'labels' } | null;
const NOTICE_MS = 5_000;

// The manager's Settings: the warehouse layout (bins, regular racks, jean racks, the receiving area).
export function SettingsPage() {
  const queryClient = useQueryClient();
  const layout = useQuery(layoutQuery());
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [busyCode, setBusyCode] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (!notice) return;
    const id = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(id);
  }, [notice]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: layoutKeys.all });
  const done = (message: string) => {
    setDialog(null);
    setError(null);
    setNotice(message);
    void refresh();
  };

  const onAction = async (action: LayoutAction, location: Location) => {
    setError(null);
    if (action === 'capacity' || action === 'walk_sequence') {
      setDialog({ kind: 'number', field: action, location });
      return;
    }
    setBusyCode(location.code);
    try {
      const isActive = action === 'reactivate';
      await updateLocation(location.code, { is_active: isActive }, isActive ? 'Failed to reactivate location' : 'Failed to deactivate location');
      done(`${location.code} ${isActive ? 'reactivated' : 'deactivated'}`);
    } catch (cause) {
      setError(messageOf(cause, 'Failed to update location'));
    } finally {
      setBusyCode(null);
    }
  };

  const groups = groupLocations(layout.data?.locations ?? []);
  const active = (list: readonly Location[]) => list.filter((l) => l.is_active);
  const average = (list: readonly Location[]) => averageUtilisation(active(list).map((l) => ({ stock: l.current_stock, capacity: l.capacity })));
  const binAvg = average(groups.bin);
  const rackAvg = average([...groups.rack, ...groups.jean_rack]);

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

      {error ? (
        <Alert onDismiss={() => setError(null)}>{error}</Alert>
      ) : null}
      {notice ? <Alert tone="success">{notice}</Alert> : null}

      {layout.isError ? (
        <Alert title="Error">
          {messageOf(layout.error, 'Failed to fetch locations')}{' '}
          <Button size="sm" variant="secondary" onPress={() => void layout.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : null}

      <StatCards label="Layout summary">
        <StatCard label="Bins" value={active(groups.bin).length} note={`${groups.bin.length - active(groups.bin).length} inactive`} />
        <StatCard label="Regular Racks" value={active(groups.rack).length} />
        <StatCard label="Jean Racks" value={active(groups.jean_rack).length} />
        <StatCard label="Average Bin Utilisation" value={`${binAvg}%`} tone={utilisationTone(binAvg)} />
        <StatCard label="Average Rack Utilisation" value={`${rackAvg}%`} tone={utilisationTone(rackAvg)} />
      </StatCards>

      <PickingSettingsCard onSaved={setNotice} />

      {layout.isPending ? (
        <p className="muted" role="status">
          Loading warehouse layout...
        </p>
      ) : (
        LAYOUT_GROUPS.map((g) => (
          <section key={g.type} className="card" aria-labelledby={`layout-${g.type}`}>
            <h2 className="card-title" id={`layout-${g.type}`}>
              {g.title} <span className="muted small">({groups[g.type].length})</span>
            </h2>
            <LayoutTable title={g.title} locations={groups[g.type]} busyCode={busyCode} onAction={(a, l) => void onAction(a, l)} />
          </section>
        ))
      )}

      {dialog?.kind === 'create' ? <CreateLocationDialog mode={dialog.mode} onClose={() => setDialog(null)} onCreated={done} /> : null}
      {dialog?.kind === 'number' ? (
        <LocationNumberDialog location={dialog.location} field={dialog.field} onClose={() => setDialog(null)} onSaved={done} />
      ) : null}
      {dialog?.kind === 'labels' ? <PrintLabelsDialog locations={layout.data?.locations ?? []} onClose={() => setDialog(null)} /> : null}
    </section>
  );
}
