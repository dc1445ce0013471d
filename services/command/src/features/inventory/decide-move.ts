import { MAX_STOCK, RETURN_MESSAGES, RETURNS_LOCATION, stockCeilingMessage, type MoveEvent, type OverCapacity } from '@wh/contracts';
import { locationNotFound } from '../../domain/decide-location.ts';
import { badRequest, conflict, DomainError, notFound } from '../../platform/errors.ts';
import { InsufficientStockError, overCapacity, type LocationLoad, type StockHolder } from '../../platform/stock.ts';

export interface MoveCommand {
  sku: string;
  from_location: string;
  to_location: string;
  quantity: number;
  // The mover was told the destination goes past its capacity and moves anyway.
  confirm_over_capacity: boolean;
}

export interface MoveLocation {
  code: string;
  is_active: boolean;
}

// What the command read in its transaction, the two stock rows and the destination's registry row locked: the
// SKU's style, both locations as registered (null: unknown), the units of the SKU at each end, what the destination
// holds in all against its capacity (null: it has none), and where else the SKU is held (for a refusal).
export interface MoveFacts {
  move_id: number;
  variant: { sku: string; style_code: string } | null;
  from: MoveLocation | null;
  to: MoveLocation | null;
  held_from: number;
  held_to: number;
  to_load: LocationLoad | null;
  holders: StockHolder[];
}

export const SKU_NOT_FOUND = (sku: string) => `SKU ${sku} not found. Check the style code, size and colour.`;

// The refusal of a move that would take its destination past capacity without the mover's word: the one place the
// warning is worded, for the API and the screens.
export function overCapacityWarning(quantity: number, over: OverCapacity): string {
  return (
    `Moving ${units(quantity)} takes ${over.location} over capacity: it would hold ${units(over.quantity_after)} for a capacity of ` +
    `${over.capacity} (${over.quantity_after - over.capacity} over). Confirm to move them anyway.`
  );
}

const units = (n: number) => (n === 1 ? '1 unit' : `${n} units`);

function refuseLocations(command: MoveCommand, facts: MoveFacts): { from: MoveLocation; to: MoveLocation } {
  const { from, to } = facts;
  if (!from) throw notFound(locationNotFound(command.from_location));
  if (!to) throw notFound(locationNotFound(command.to_location));
  if (!from.is_active) throw conflict(`Location ${from.code} is deactivated: it holds no stock to move.`);
  if (!to.is_active) throw conflict(`Location ${to.code} is deactivated and cannot receive stock. Reactivate it or choose another location.`);
  // RETURNS holds returned units, each on its parcel's line: they leave it from the returns bench, so every unit's path
  // stays traced to its parcel, and nothing else goes in.
  if (from.code === RETURNS_LOCATION || to.code === RETURNS_LOCATION) throw conflict(RETURN_MESSAGES.notMoved);
  return { from, to };
}

// Units of one SKU out of one location and into another, as one event with both movements; or the refusal.
export function decideMove(command: MoveCommand, facts: MoveFacts, now: Date): MoveEvent[] {
  if (command.from_location === command.to_location) {
    throw badRequest(`${command.from_location} is both the location to move from and the one to move to: choose another destination.`, [
      { field: 'to_location', message: 'Choose a location other than the one the units come from' },
    ]);
  }
  const { variant } = facts;
  if (!variant) throw notFound(SKU_NOT_FOUND(command.sku));
  const { from, to } = refuseLocations(command, facts);
  const { sku, style_code } = variant;
  const { quantity } = command;
  if (facts.held_from < quantity) throw new InsufficientStockError(sku, from.code, facts.held_from, quantity, facts.holders);
  if (facts.held_to + quantity > MAX_STOCK) throw conflict(stockCeilingMessage(to.code, sku));
  const movements = [
    { sku, style_code, location: from.code, delta: -quantity },
    { sku, style_code, location: to.code, delta: quantity },
  ];
  const [over = null] = overCapacity(new Map(facts.to_load ? [[to.code, facts.to_load]] : []), movements);
  if (over && !command.confirm_over_capacity) {
    throw new DomainError('OVER_CAPACITY', 409, overCapacityWarning(quantity, over), [{ field: 'to_location', message: overCapacityWarning(quantity, over) }]);
  }
  return [
    {
      type: 'StockMoved',
      data: { move_id: facts.move_id, sku, style_code, quantity, from_location: from.code, to_location: to.code, over_capacity: over, movements, at: now.toISOString() },
    },
  ];
}
