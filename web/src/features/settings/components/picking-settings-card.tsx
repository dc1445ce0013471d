import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { pickingSettingsKey, pickingSettingsQuery } from '../../../lib/warehouse-settings.ts';
import { updatePickingSettings } from '../api/settings-api.ts';

/** How pickers scan: the warehouse-wide "scan the location label before the item" setting. */
export function PickingSettingsCard({ onSaved }: { onSaved: (message: string) => void }) {
  const queryClient = useQueryClient();
  const settings = useQuery(pickingSettingsQuery());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async (scanLocationFirst: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const saved = await updatePickingSettings({ scan_location_first: scanLocationFirst });
      queryClient.setQueryData(pickingSettingsKey, saved);
      onSaved(saved.scan_location_first ? 'Pickers now scan the location label before each item' : 'Pickers now scan items without the location label');
    } catch (cause) {
      setError(messageOf(cause, 'Failed to save picking settings'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card" aria-labelledby="picking-settings-title">
      <h2 className="card-title" id="picking-settings-title">
        Picking
      </h2>
      {settings.isError ? <Alert title="Error">{messageOf(settings.error, 'Failed to fetch picking settings')}</Alert> : null}
      {error ? <Alert onDismiss={() => setError(null)}>{error}</Alert> : null}
      <Checkbox
        isSelected={settings.data?.scan_location_first ?? false}
        isDisabled={busy || !settings.data}
        onChange={(selected) => void save(selected)}
        description="Pickers scan a location's label before the items they take from it; an item scanned before its location, or at another one, is refused."
      >
        Scan the location label before the item
      </Checkbox>
    </section>
  );
}
