import type { CountTaskForCounter } from '@wh/contracts/counts/http';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { formatDay } from '../../../lib/format.ts';
import { taskTitle } from '../count-labels.ts';

const left = (t: CountTaskForCounter) => t.locations.filter((l) => l.status !== 'done').length;

function description(t: CountTaskForCounter): string {
  const parts = [`${left(t)} of ${t.locations.length} locations left`];
  if (t.due) parts.push(`due ${formatDay(t.due)}`);
  if (!t.assigned_to_me) parts.push('open to anyone');
  return parts.join(' · ');
}

/** The counter's open tasks, when there is more than one to choose from. */
export function TaskChoice({ tasks, chosen, onChoose }: { tasks: readonly CountTaskForCounter[]; chosen: number | null; onChoose: (id: number) => void }) {
  return (
    <RadioGroup
      label="Your counts"
      options={tasks.map((t) => ({ id: String(t.id), label: taskTitle(t.id, t.reason), description: description(t) }))}
      value={chosen === null ? null : String(chosen)}
      onChange={(id) => onChoose(Number(id))}
    />
  );
}
