import type { Dispatch } from 'react';
import { useCommand } from '../../../lib/use-command.ts';
import { undoPickCommand } from '../api/picking-api.ts';
import type { PickingEvent, PickRequest } from '../picking-state.ts';

/** Undo on a picked or short line: the dialog opens for the line, asks why, and the screen says what was undone. */
export function useUndoPick(dispatch: Dispatch<PickingEvent>) {
  const undo = useCommand(undoPickCommand);
  return {
    ask: (request: PickRequest) => dispatch({ type: 'undo-asked', request }),
    close: () => dispatch({ type: 'undo-closed' }),
    /** Resolves once recorded (the dialog closes), rejects with the refusal (the dialog shows it). */
    run: async ({ orderId, item }: PickRequest, reason: string) => {
      await undo.runAsync({ orderId, itemId: item.id, reason });
      dispatch({ type: 'feedback', feedback: { tone: 'info', text: `${item.status === 'short' ? 'Short' : 'Pick'} of ${item.sku} undone: it is to pick again.` } });
    },
  };
}
