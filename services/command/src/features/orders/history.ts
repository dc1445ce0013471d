import { RETURNS_LOCATION, type OrderEvent, type ReturnEvent } from '@wh/contracts';

const plural = (n: number, word: string, words = `${word}s`) => `${n} ${n === 1 ? word : words}`;
const leftBatch = (d: { left_batch_id?: number }) => (d.left_batch_id === undefined ? '' : `; left batch ${d.left_batch_id}`);

// One line a person reads in the order's history.
export function describeEvent(event: OrderEvent, name: (userId: number | null) => string): string {
  switch (event.type) {
    case 'OrderImported': {
      const units = event.data.items.reduce((n, i) => n + i.quantity, 0);
      const extra = units === event.data.items.length ? '' : ` (${plural(units, 'unit')})`;
      return `Imported from ${event.data.source_file} with ${plural(event.data.items.length, 'item')}${extra}`;
    }
    case 'OrderAssigned': {
      const d = event.data;
      if (d.batch_id !== undefined) return `Assigned to ${name(d.worker_id)} in batch ${d.batch_id}`;
      return d.previous_worker_id === null
        ? `Assigned to ${name(d.worker_id)}`
        : `Reassigned from ${name(d.previous_worker_id)} to ${name(d.worker_id)}${leftBatch(d)}`;
    }
    case 'OrderDeassigned':
      return `Unassigned from ${name(event.data.worker_id)}; back to pending${leftBatch(event.data)}`;
    case 'OrderCancelled':
      return `Cancelled (was ${event.data.previous_status})${leftBatch(event.data)}`;
    case 'OrderItemPicked': {
      const d = event.data;
      const what = `Picked ${d.quantity > 1 ? `${d.quantity} × ` : ''}${d.sku}`;
      const where = d.unstocked
        ? `${d.location ? ` at ${d.location}` : ''} with no stock recorded anywhere`
        : ` from ${d.location}`;
      const forWorker = d.picked_by === d.worker_id ? '' : ` for ${name(d.worker_id)}`;
      return `${what}${where}${forWorker}${d.notes ? ` (note: ${d.notes})` : ''}`;
    }
    case 'OrderItemShortPicked': {
      const d = event.data;
      const where = d.looked_in.length === 0 ? '' : ` at ${d.looked_in.join(', ')}`;
      const found = d.short_quantity === d.quantity ? '' : `; ${d.quantity - d.short_quantity} found and taken from ${d.looked_in[0]}`;
      const forWorker = d.picked_by === d.worker_id ? '' : ` for ${name(d.worker_id)}`;
      return `Short: ${plural(d.short_quantity, 'unit')} of ${d.sku} not found${where}${found}${forWorker}${d.notes ? ` (note: ${d.notes})` : ''}`;
    }
    case 'OrderItemPickUndone': {
      const d = event.data;
      const back = d.movements.map((m) => `${m.delta} back to ${m.location}`).join(', ');
      const reopened =
        d.status === 'on_hold' ? '; the order stays on hold' : d.previous_status === 'picking' || d.previous_status === 'assigned' ? '' : `; reopened (was ${d.previous_status})`;
      return `${d.undone === 'pick' ? 'Pick' : 'Short'} of ${d.sku} undone: ${d.reason}${back ? ` (${back})` : ''}${reopened}`;
    }
    case 'OrderCompleted': {
      const d = event.data;
      const inBatch = d.batch_id === undefined ? '' : ` with batch ${d.batch_id}`;
      const [what, how] = d.short_items === undefined ? ['Completed', 'every item picked'] : ['Completed short', `${plural(d.short_items, 'item')} short`];
      return d.completed_by === d.worker_id ? `${what}${inBatch}: ${how}` : `${what}${inBatch} for ${name(d.worker_id)}: ${how}`;
    }
    case 'OrderVerified': {
      const d = event.data;
      const found = d.discrepancies.length === 0 ? 'no discrepancies' : plural(d.discrepancies.length, 'discrepancy', 'discrepancies');
      // An order verified before the event recorded its counts (version 1) has none to show.
      const among = d.item_count === null || d.unit_count === null ? '' : ` among ${plural(d.item_count, 'item')}, ${plural(d.unit_count, 'unit')}`;
      return `Verified with ${found}${among} (picked by ${name(d.worker_id)})${d.verification_notes ? `: ${d.verification_notes}` : ''}`;
    }
    case 'OrderHeld': {
      const d = event.data;
      const what = [
        ...d.lines.map((l) => `${l.sku}: ${l.issue}`),
        ...d.wrong_items.map((w) => `not in this order: ${w.quantity > 1 ? `${w.quantity} × ` : ''}${w.code}`),
      ];
      return `On hold at verification: ${what.join('; ')}${d.verification_notes ? ` (${d.verification_notes})` : ''}`;
    }
    case 'OrderSentBack': {
      const d = event.data;
      return `Sent back to ${name(d.worker_id)} to pick again: ${d.lines.map((l) => l.sku).join(', ')}: ${d.reason}`;
    }
    case 'OrderHoldResolved': {
      const d = event.data;
      const lines = d.lines.map((l) =>
        l.undone
          ? `${l.sku} not shipped, its pick undone`
          : l.missing === 0
            ? `${l.sku} shipped as picked`
            : `${l.sku} shipped short, ${l.shipped} of ${l.expected}${l.location ? `; ${l.missing} back to ${l.location} for a count` : ''}`,
      );
      return `Hold resolved: ${lines.join('; ')}: ${d.reason}`;
    }
    default: {
      const exhaustive: never = event;
      return String(exhaustive);
    }
  }
}

// One line of the order's history for a return of its units (the parcel's own stream, named by its order_id).
export function describeReturnEvent(event: ReturnEvent): string {
  const parcel = `Return #${event.data.return_id}`;
  switch (event.type) {
    case 'ReturnReceived':
      return `${parcel} received: ${plural(event.data.lines.reduce((n, l) => n + l.quantity, 0), 'unit')}`;
    case 'ReturnMatched':
      return `${parcel} matched to this order: ${plural(event.data.lines.reduce((n, l) => n + l.quantity, 0), 'unit')}`;
    case 'ReturnRestocked': {
      const d = event.data;
      return d.location === RETURNS_LOCATION
        ? `${parcel}: ${plural(d.quantity, 'unit')} of ${d.sku} left in RETURNS`
        : `${parcel}: restocked ${d.quantity} of ${d.sku} to ${d.location}${d.from_location ? ` from ${d.from_location}` : ''}`;
    }
    case 'ReturnWrittenOff':
      return `${parcel}: written off ${event.data.quantity} of ${event.data.sku}${event.data.note ? ` (note: ${event.data.note})` : ''}`;
    default: {
      const exhaustive: never = event;
      throw new Error(`unknown return event ${JSON.stringify(exhaustive)}`);
    }
  }
}
