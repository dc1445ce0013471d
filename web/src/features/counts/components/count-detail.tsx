import { COUNT_SOURCE_LABELS } from '@wh/contracts/counts/events';
import { countLabel, type CountTaskDetail } from '@wh/contracts/counts/http';
import { PrintLink } from '../../../components/print/print-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { TextArea } from '../../../components/ui/text-area.tsx';
import { formatDay } from '../../../lib/format.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { countWorkersQuery } from '../api/counts-api.ts';
import { ANYONE, assigneeOptions, countSheetPath } from '../count-labels.ts';
import { approveAllBody, approveSelectedBody, chosenSettled, sendBackBody, settledLocations, type ManageEvent, type ManageState } from '../manage.ts';
import type { ApproveCountBody, SendBackCountBody } from '@wh/contracts/counts/http';
import { LocationReview } from './location-review.tsx';

export interface CountDetailProps {
  task: CountTaskDetail;
  state: ManageState;
  isPending: boolean;
  dispatch: (event: ManageEvent) => void;
  onApprove: (body: ApproveCountBody | null) => void;
  onSendBack: (body: SendBackCountBody | null) => void;
  onAssign: (assigneeId: number | null) => void;
}

function summary(task: CountTaskDetail): string {
  const who = task.assignee ? (task.assignee.full_name ?? task.assignee.username) : 'anyone';
  const parts = [task.reason ?? COUNT_SOURCE_LABELS[task.source], `counted by ${who}`];
  if (task.due) parts.push(`due ${formatDay(task.due)}`);
  const c = task.counts;
  parts.push(`${c.to_count} to count, ${c.recount} to recount, ${c.settled} to approve, ${c.approved} approved`);
  return parts.join(' · ');
}

/** A task as a manager reviews it: every location's rounds and variance, and what to approve or send back. */
export function CountDetail({ task, state, isPending, dispatch, onApprove, onSendBack, onAssign }: CountDetailProps) {
  const workers = useScreenQuery(countWorkersQuery());
  const settled = settledLocations(task).length;
  const chosen = chosenSettled(state, task).length;
  return (
    <section className="card counts-detail" aria-labelledby="counts-detail-title">
      <div className="counts-detail-head">
        <h2 id="counts-detail-title" className="card-title">
          {countLabel(task.id)}
        </h2>
        <PrintLink to={countSheetPath(task.id)} label={`Print count sheet of ${countLabel(task.id)}`}>
          Print count sheet
        </PrintLink>
        <Button variant="ghost" size="sm" onPress={() => dispatch({ type: 'closed' })}>
          Close
        </Button>
      </div>
      <p className="muted">{summary(task)}</p>
      {task.status === 'open' ? (
        <Select
          label="Who counts"
          options={assigneeOptions(workers.data?.workers ?? [])}
          value={task.assignee ? String(task.assignee.id) : ANYONE}
          isDisabled={isPending}
          onChange={(id) => onAssign(id === ANYONE ? null : Number(id))}
        />
      ) : null}
      <ul className="counts-reviews">
        {task.locations.map((l) => (
          <LocationReview key={l.location} location={l} isSelected={state.selected.includes(l.location)} onSelect={(selected) => dispatch({ type: 'toggled', location: l.location, selected })} />
        ))}
      </ul>
      <TextArea label="Note for the recount" value={state.note} onChange={(note) => dispatch({ type: 'note', note })} />
      <div className="form-actions">
        <Button variant="secondary" isDisabled={chosen === 0 || isPending} onPress={() => onSendBack(sendBackBody(state, task))}>
          {`Send back selected (${chosen})`}
        </Button>
        <Button variant="secondary" isDisabled={chosen === 0 || isPending} onPress={() => onApprove(approveSelectedBody(state, task))}>
          {`Approve selected (${chosen})`}
        </Button>
        <Button isDisabled={settled === 0 || isPending} onPress={() => onApprove(approveAllBody(task))}>
          {`Approve all settled (${settled})`}
        </Button>
      </div>
    </section>
  );
}
