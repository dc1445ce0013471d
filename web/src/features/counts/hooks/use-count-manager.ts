import { useReducer } from 'react';
import { COUNT_MESSAGES, countLabel, type ApproveCountBody, type CountTaskDetail, type CreateCountBody, type SendBackCountBody } from '@wh/contracts/counts/http';
import { messageOf } from '../../../lib/api-errors.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { approveCountCommand, assignCountCommand, countDetailQuery, createCountCommand, planCountsCommand, sendBackCountCommand, type Answered } from '../api/counts-api.ts';
import { INITIAL_MANAGE, manageReducer } from '../manage.ts';

/**
 * A manager's counts: the task open (with what was expected and counted), and the commands on it. Every answer is the
 * task as it now is, written into its query; the words shown are the server's.
 */
export function useCountManager() {
  const [state, dispatch] = useReducer(manageReducer, INITIAL_MANAGE);
  const detail = useScreenQuery({ ...countDetailQuery(state.open ?? 0), enabled: state.open !== null });
  const create = useCommand(createCountCommand);
  const plan = useCommand(planCountsCommand);
  const approve = useCommand(approveCountCommand);
  const sendBack = useCommand(sendBackCountCommand);
  const assign = useCommand(assignCountCommand);
  const answered = (answer: Answered<CountTaskDetail>) => dispatch({ type: 'answered', task: answer.data, message: answer.message });
  const refused = (error: unknown) => dispatch({ type: 'refused', text: messageOf(error, 'The count was refused') });
  const callbacks = { onSuccess: answered, onError: refused };

  return {
    state,
    dispatch,
    detail,
    isPending: approve.isPending || sendBack.isPending || assign.isPending,
    isCreating: create.isPending,
    isPlanning: plan.isPending,
    create: (body: CreateCountBody, onCreated: () => void) =>
      create.run(body, {
        onSuccess: ({ data, message }) => {
          // The server's words say how many locations an open count already held; these are the same without them.
          answered({ data, message: message || COUNT_MESSAGES.created(data.id, data.counts.locations, 0) });
          onCreated();
        },
        onError: refused,
      }),
    assign: (id: number, assigneeId: number | null) =>
      assign.run(
        { id, assignee_id: assigneeId },
        {
          // COUNT_MESSAGES has no words for an assignment: the server's, else who counts it now.
          onSuccess: ({ data, message }) => answered({ data, message: message || `${countLabel(data.id)}: counted by ${data.assignee ? (data.assignee.full_name ?? data.assignee.username) : 'anyone'}.` }),
          onError: refused,
        },
      ),
    plan: () => plan.run(undefined, callbacks),
    approve: (id: number, body: ApproveCountBody | null) => body && approve.run({ id, body }, callbacks),
    sendBack: (id: number, body: SendBackCountBody | null) => body && sendBack.run({ id, body }, callbacks),
  };
}
