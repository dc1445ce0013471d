import type { OrderEvent } from '@wh/contracts';

const plural = (n: number, word: string, words = `${word}s`) => `${n} ${n === 1 ? word : words}`;

// One line a person reads in the order's history.
export function describeEvent(event: OrderEvent, name: (userId: number | null) => string): string {
  switch (event.type) {
    case 'OrderImported': {
      const units = event.data.items.reduce((n, i) => n + i.quantity, 0);
      const extra = units === event.data.items.length ? '' : ` (${plural(units, 'unit')})`;
      return `Imported from ${event.data.source_file} with ${plural(event.data.items.length, 'item')}${extra}`;
    }
    case 'OrderAssigned':
      return event.data.previous_worker_id === null
        ? `Assigned to ${name(event.data.worker_id)}`
        : `Reassigned from ${name(event.data.previous_worker_id)} to ${name(event.data.worker_id)}`;
    case 'OrderDeassigned':
      return `Unassigned from ${name(event.data.worker_id)}; back to pending`;
    case 'OrderCancelled':
      return `Cancelled (was ${event.data.previous_status})`;
    case 'OrderItemPicked': {
      const d = event.data;
      const what = `Picked ${d.quantity > 1 ? `${d.quantity} × ` : ''}${d.sku}`;
      const where = d.unstocked
        ? `${d.location ? ` at ${d.location}` : ''} with no stock recorded anywhere`
        : ` from ${d.location}`;
      const forWorker = d.picked_by === d.worker_id ? '' : ` for ${name(d.worker_id)}`;
      return `${what}${where}${forWorker}${d.notes ? ` (note: ${d.notes})` : ''}`;
    }
    case 'OrderCompleted':
      return event.data.completed_by === event.data.worker_id
        ? 'Completed: every item picked'
        : `Completed for ${name(event.data.worker_id)}: every item picked`;
    case 'OrderVerified': {
      const d = event.data;
      const found = d.discrepancies.length === 0 ? 'no discrepancies' : plural(d.discrepancies.length, 'discrepancy', 'discrepancies');
      return `Verified with ${found} (picked by ${name(d.picked_by)})${d.verification_notes ? `: ${d.verification_notes}` : ''}`;
    }
    default: {
      const exhaustive: never = event;
      return String(exhaustive);
    }
  }
}
