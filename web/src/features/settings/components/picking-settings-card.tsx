import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { pickingSettingsQuery } from '../../../lib/warehouse-settings.ts';
import { pickingSettingsCommand } from '../api/settings-api.ts';

/** How pickers scan: the warehouse-wide "scan the location label before the item" setting. */
export function PickingSettingsCard({ onSaved }: { onSaved: (message: string) => void }) {
  const settings = useQuery(pickingSettingsQuery());
  const save = useCommand(pickingSettingsCommand);
  const onChange = (scanLocationFirst: boolean) =>
    save.run(
      { scan_location_first: scanLocationFirst },
      {
        onSuccess: (saved) =>
          onSaved(saved.scan_location_first ? 'Pickers now scan the location label before each item' : 'Pickers now scan items without the location label'),
      },
    );
  return (
    <section className="card" aria-labelledby="picking-settings-title">
      <h2 className="card-title" id="picking-settings-title">
        Picking
      </h2>
      {settings.isError ? <Alert title="Error">{messageOf(settings.error, 'Failed to fetch picking settings')}</Alert> : null}
      {save.error ? <Alert onDismiss={save.reset}>{save.error}</Alert> : null}
      <Checkbox
        isSelected={settings.data?.scan_location_first ?? false}
        isDisabled={save.isPending || !settings.data}
        onChange={onChange}
        description="Pickers scan a location's label before the items they take from it; an item scanned before its location, or at another one, is refused."
      >
        Scan the location label before the item
      </Checkbox>
    </section>
  );
}
