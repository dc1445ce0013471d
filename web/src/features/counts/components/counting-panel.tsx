import { ScanCard } from '../../../components/scan-card.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { countingHint } from '../counting.ts';
import { useCounting } from '../hooks/use-counting.ts';
import { CountedLines } from './counted-lines.tsx';
import { CounterLocations } from './counter-locations.tsx';
import { TaskChoice } from './task-choice.tsx';

/** A counter's phone screen: scan a location's label, then what is there; send the count. Blind: no expected units. */
export function CountingPanel() {
  const c = useCounting();
  const { open, feedback } = c.state;
  return (
    <div className="counts-counting">
      <ScanCard label="Location, SKU or barcode" hint={countingHint(c.state, c.task)} feedback={feedback} onScan={c.onScan} />
      {open ? <CountedLines open={open} isPending={c.isPending} dispatch={c.dispatch} onSend={c.send} /> : null}
      <QueryState query={c.mine} loading="Loading your counts..." failure="Failed to fetch your counts" />
      {c.mine.data && c.tasks.length === 0 ? <p className="muted">No count waits for you.</p> : null}
      {c.tasks.length > 1 ? <TaskChoice tasks={c.tasks} chosen={c.task?.id ?? null} onChoose={(task) => c.dispatch({ type: 'task-chosen', task })} /> : null}
      {c.task ? <CounterLocations task={c.task} open={open?.location ?? null} /> : null}
    </div>
  );
}
