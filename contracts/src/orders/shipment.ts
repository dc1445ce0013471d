import type { OrderEvent } from './events.ts';

// What a verified order shipped of each line, folded from the order's events: the one rule for the returns bench
// (what a parcel may bring back) and the buyers' returns reports (units shipped), as the order decider reads a line
// (services/command/src/features/orders/decide.ts expectedOf, which its tests hold it to).

// An order's lines until it is verified: each line's units and those that do not ship (recorded short, or not in the
// tote: to pick again).
export interface ShipLine {
  style_code: string;
  size: string;
  quantity: number;
  short: number;
}
export type Shipment = Map<number, ShipLine>;

// The order events that change what a verification ships: read from the order's stream by the live path.
export const SHIPMENT_EVENT_TYPES = ['OrderImported', 'OrderItemPicked', 'OrderItemShortPicked', 'OrderItemPickUndone', 'OrderSentBack', 'OrderHoldResolved'] as const;

// An order event over its order's lines (undefined until its import): a line not yet picked ships nothing; a pick
// ships it whole, a short less its units not found; an undo or a line sent back ships nothing until it is picked
// again; a resolved hold ships what the verifier counted, and a line whose pick was undone at the bench nothing.
export function foldShipment(shipment: Shipment | undefined, event: OrderEvent): Shipment | undefined {
  const set = (itemId: number, short: (line: ShipLine) => number) => {
    const line = shipment?.get(itemId);
    if (line) line.short = short(line);
  };
  const none = (line: ShipLine) => line.quantity;
  switch (event.type) {
    case 'OrderImported':
      return new Map(event.data.items.map((i) => [i.item_id, { style_code: i.style_code, size: i.size, quantity: i.quantity, short: i.quantity }]));
    case 'OrderItemPicked':
      set(event.data.item_id, () => 0);
      return shipment;
    case 'OrderItemShortPicked':
      set(event.data.item_id, () => event.data.short_quantity);
      return shipment;
    case 'OrderItemPickUndone':
      set(event.data.item_id, none);
      return shipment;
    case 'OrderSentBack':
      for (const l of event.data.lines) set(l.item_id, none);
      return shipment;
    case 'OrderHoldResolved':
      for (const l of event.data.lines) if (l.missing > 0 || l.undone) set(l.item_id, () => l.quantity - l.shipped);
      return shipment;
    case 'OrderAssigned':
    case 'OrderDeassigned':
    case 'OrderCancelled':
    case 'OrderCompleted':
    case 'OrderVerified':
    case 'OrderHeld':
      return shipment;
    default: {
      const exhaustive: never = event;
      throw new Error(`unhandled order event ${JSON.stringify(exhaustive)}`);
    }
  }
}

// The units a line ships once its order is verified.
export const shippedUnits = (line: ShipLine): number => line.quantity - line.short;
