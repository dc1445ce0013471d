import { useState } from 'react';
import type { MoveStockBody, StockMove } from '@wh/contracts/inventory/http';
import type { SuccessEnvelope } from '@wh/contracts/platform/http';
import { ApiError } from '../../../lib/api-errors.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { moveStockCommand } from '../api/moves-api.ts';

type Answer = SuccessEnvelope<StockMove>;

/** Whether a refusal is the server's over-capacity warning, which the mover may confirm. */
export const isOverCapacityWarning = (failure: unknown): failure is ApiError => failure instanceof ApiError && failure.code === 'OVER_CAPACITY';

/**
 * A move as both screens run it: sent as asked; a destination going over its capacity comes back as a warning,
 * held with the move until the mover confirms it (sent again, with the confirmation and a key of its own) or
 * cancels it. Any other refusal is `error`.
 */
export function useMove() {
  const command = useCommand(moveStockCommand);
  const [warned, setWarned] = useState<{ body: MoveStockBody; warning: string } | null>(null);
  const send = (body: MoveStockBody, onMoved: (answer: Answer) => void) => {
    setWarned(null);
    command.run(body, {
      onSuccess: (answer) => onMoved(answer),
      onError: (failure) => {
        if (isOverCapacityWarning(failure)) setWarned({ body, warning: failure.message });
      },
    });
  };
  return {
    send,
    /** The move the warning is about, sent again with the mover's confirmation. */
    confirm: (onMoved: (answer: Answer) => void) => {
      if (warned) send({ ...warned.body, confirm_over_capacity: true }, onMoved);
    },
    cancel: () => {
      setWarned(null);
      command.reset();
    },
    warning: warned?.warning ?? null,
    error: isOverCapacityWarning(command.failure) ? null : command.error,
    isPending: command.isPending,
    reset: command.reset,
  };
}

/** What a move's answer says, once done: its message, with the destination's capacity when it went over. */
export function movedText(answer: Answer): string {
  const m = answer.data;
  const over = m.over_capacity[0];
  const base = answer.message ?? `${m.reason}: ${m.quantity} × ${m.sku}.`;
  return over ? `${base} ${over.location} is now over capacity (${over.quantity_after} for ${over.capacity}).` : base;
}
