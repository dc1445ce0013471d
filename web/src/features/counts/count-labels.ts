// How the counts' screens name things, in one place.
import { countLabel } from '@wh/contracts/counts/http';
import type { UserRef } from '@wh/contracts/orders/http';

type CounterStatus = 'to_count' | 'recount' | 'done';

export const taskTitle = (id: number, reason: string | null) => (reason ? `${countLabel(id)} · ${reason}` : countLabel(id));

/** A location's state as its counter reads it: theirs to count, or not. */
export function counterStatusLabel(status: CounterStatus, mayCount: boolean): string {
  switch (status) {
    case 'to_count':
      return mayCount ? 'To count' : 'Not yours to count now';
    case 'recount':
      return mayCount ? 'Recount' : 'Recount by someone else';
    case 'done':
      return 'Done';
    default: {
      const exhaustive: never = status;
      return exhaustive;
    }
  }
}

/** The blind count sheet of a task (PRINT_ROUTES' /print/counts/:id/sheet). */
export const countSheetPath = (id: number) => `/print/counts/${id}/sheet`;

// The choice of who counts: nobody named leaves the count to anyone who counts.
export const ANYONE = 'anyone';
export const assigneeOptions = (workers: readonly UserRef[]) => [
  { id: ANYONE, label: 'Anyone' },
  ...workers.map((w) => ({ id: String(w.id), label: w.full_name ?? w.username })),
];
