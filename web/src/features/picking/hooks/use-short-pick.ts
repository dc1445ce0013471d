import type { Dispatch } from 'react';
import { useCommand } from '../../../lib/use-command.ts';
import { shortPickCommand, type ShortPickVariables } from '../api/picking-api.ts';
import { shortMessage, type PickingEvent, type PickRequest } from '../picking-state.ts';

/**
 * "Can't find it" on a line: the dialog opens for the line (`ask`), the short is recorded where the picker looked
 * (`record`), and the screen says what was recorded and that the locations are flagged for a count.
 */
export function useShortPick(dispatch: Dispatch<PickingEvent>, onRecorded: (request: ShortPickVariables) => void) {
  const short = useCommand(shortPickCommand);
  return {
    pending: short.isPending,
    error: short.error,
    ask: (request: PickRequest) => {
      short.reset();
      dispatch({ type: 'short-asked', request });
    },
    close: () => {
      short.reset();
      dispatch({ type: 'short-closed' });
    },
    record: (variables: ShortPickVariables, item: { sku: string }) =>
      short.run(variables, {
        onSuccess: () => {
          dispatch({ type: 'short-closed' });
          dispatch({ type: 'feedback', feedback: { tone: 'info', text: shortMessage(item, variables.short_quantity, variables.looked_in) } });
          onRecorded(variables);
        },
      }),
  };
}

export type ShortPick = ReturnType<typeof useShortPick>;
