import type { OrderStatus } from './events.ts';

// Which orders may be assigned, deassigned and cancelled, by status (spec section 4, transitions): the order decider
// refuses the others, and the order table offers these actions and selects these orders on the same rule.
type WithStatus = { status: OrderStatus };

/** Assign or reassign: an order nobody has started picking (pending, or assigned to a worker). */
export const mayAssign = <T extends WithStatus>(order: T): order is T & { status: 'pending' | 'assigned' } =>
  order.status === 'pending' || order.status === 'assigned';

/** Deassign: an order assigned to a worker and not yet started. */
export const mayDeassign = <T extends WithStatus>(order: T): order is T & { status: 'assigned' } => order.status === 'assigned';

/** Cancel: an order nobody has started picking; cancelling is irreversible. */
export const mayCancel = <T extends WithStatus>(order: T): order is T & { status: 'pending' | 'assigned' } =>
  order.status === 'pending' || order.status === 'assigned';

/** Pick and complete: an order assigned to a worker, before or during picking; the picker's list shows these. */
export const mayPick = <T extends WithStatus>(order: T): order is T & { status: 'assigned' | 'picking' } =>
  order.status === 'assigned' || order.status === 'picking';
