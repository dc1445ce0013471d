import type { CountTaskForCounter } from '@wh/contracts/counts/http';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { counterStatusLabel } from '../count-labels.ts';

type CounterLocation = CountTaskForCounter['locations'][number];

function tone(l: CounterLocation): BadgeTone {
  if (l.status === 'done') return 'success';
  return l.may_count ? 'info' : 'neutral';
}

/** The task's locations and where each stands for this counter: where to go next, and what is done. */
export function CounterLocations({ task, open }: { task: CountTaskForCounter; open: string | null }) {
  return (
    <ul className="counts-locations" aria-label={`Locations of Count #${task.id}`}>
      {task.locations.map((l) => (
        <li key={l.location} className={`counts-location ${l.location === open ? 'counts-location-open' : ''}`} aria-current={l.location === open || undefined}>
          <strong>{l.location}</strong>
          <Badge tone={tone(l)}>{counterStatusLabel(l.status, l.may_count)}</Badge>
        </li>
      ))}
    </ul>
  );
}
