import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MAX_COUNT_LOCATIONS, type CountSettings } from '@wh/contracts/counts/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { countSettingsCommand, countSettingsQuery } from '../api/settings-api.ts';

const pick = ({ daily_plan, every_days, daily_cap, recount_over_units }: CountSettings): CountSettings => ({ daily_plan, every_days, daily_cap, recount_over_units });

/**
 * The cycle counts' settings: whether the daily plan runs by itself, how often each location comes round, how many a
 * day at most, and above how many units of variance a count needs a recount by someone else. Edited as a draft and
 * saved together, so a half-typed number never reaches the plan.
 */
export function CountSettingsCard({ onSaved }: { onSaved: (message: string) => void }) {
  const settings = useQuery(countSettingsQuery());
  const save = useCommand(countSettingsCommand);
  const [draft, setDraft] = useState<CountSettings | null>(null);
  const shown = draft ?? (settings.data ? pick(settings.data) : null);
  const change = (patch: Partial<CountSettings>) => shown && setDraft({ ...shown, ...patch });
  const onSave = () =>
    shown &&
    save.run(shown, {
      onSuccess: (answer) => {
        setDraft(null);
        onSaved(answer.message ?? 'Count settings saved');
      },
    });
  const disabled = save.isPending || !shown;
  return (
    <section className="card count-settings" aria-labelledby="count-settings-title">
      <h2 className="card-title" id="count-settings-title">
        Cycle Counts
      </h2>
      {settings.isError ? <Alert title="Error">{messageOf(settings.error, 'Failed to fetch count settings')}</Alert> : null}
      {save.error ? <Alert onDismiss={save.reset}>{save.error}</Alert> : null}
      <Checkbox
        isSelected={shown?.daily_plan ?? false}
        isDisabled={disabled}
        onChange={(daily_plan) => change({ daily_plan })}
        description="Each day a count task is made by itself from the locations counted longest ago."
      >
        Plan a count every day
      </Checkbox>
      <div className="count-settings-fields">
        <NumberField label="Count every location every (days)" minValue={1} maxValue={365} value={shown?.every_days ?? NaN} onChange={(every_days) => change({ every_days })} isDisabled={disabled} />
        <NumberField label="Daily cap (locations)" minValue={1} maxValue={MAX_COUNT_LOCATIONS} value={shown?.daily_cap ?? NaN} onChange={(daily_cap) => change({ daily_cap })} isDisabled={disabled} />
        <NumberField
          label="Recount when over (units)"
          description="A count off by more units than this needs a recount by someone else; 0 asks for one on any difference."
          minValue={0}
          value={shown?.recount_over_units ?? NaN}
          onChange={(recount_over_units) => change({ recount_over_units })}
          isDisabled={disabled}
        />
      </div>
      <Button onPress={onSave} isDisabled={disabled || draft === null}>
        {save.isPending ? 'Saving...' : 'Save Count Settings'}
      </Button>
    </section>
  );
}
