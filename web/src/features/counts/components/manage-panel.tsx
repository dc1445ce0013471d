import { QueryState } from '../../../components/query-state.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useCountManager } from '../hooks/use-count-manager.ts';
import { CountDetail } from './count-detail.tsx';
import { CountList } from './count-list.tsx';
import { CreateCountForm } from './create-count-form.tsx';

/** A manager's counts: today's plan, a new count, the lists, and the task open for review. */
export function ManagePanel() {
  const m = useCountManager();
  const { state } = m;
  const task = m.detail.data;
  return (
    <div className="counts-manage">
      {state.feedback ? <Alert tone={state.feedback.tone === 'error' ? 'error' : 'success'}>{state.feedback.text}</Alert> : null}
      <div className="form-actions">
        <Button variant="secondary" isDisabled={m.isPlanning} aria-busy={m.isPlanning || undefined} onPress={m.plan}>
          {"Plan today's counts"}
        </Button>
      </div>
      {state.open !== null && !task ? <QueryState query={m.detail} loading="Loading the count..." failure="Failed to fetch the count" /> : null}
      {task ? (
        <CountDetail
          task={task}
          state={state}
          isPending={m.isPending}
          dispatch={m.dispatch}
          onApprove={(body) => m.approve(task.id, body)}
          onSendBack={(body) => m.sendBack(task.id, body)}
          onAssign={(assigneeId) => m.assign(task.id, assigneeId)}
        />
      ) : null}
      <CountList
        view={state.view}
        page={state.page}
        onView={(view) => m.dispatch({ type: 'view', view })}
        onPage={(page) => m.dispatch({ type: 'page', page })}
        onOpen={(id) => m.dispatch({ type: 'opened', id })}
      />
      <CreateCountForm isPending={m.isCreating} onCreate={m.create} />
    </div>
  );
}
