import { MAX_STOCK, stockCeilingMessage, type AdjustmentEvent, type AdjustmentReason, type AdjustmentType, type LocationType } from '@wh/contracts';
import { conflict } from '../../platform/errors.ts';

export interface AdjustCommand {
  adjustment_id: number;
  adjustment_type: AdjustmentType;
  quantity: number;
  reason: AdjustmentReason;
  notes: string | null;
}

// What the command read, locked, in its transaction: the SKU's style, the location, the count there now.
export interface AdjustmentContext {
  sku: string;
  style_code: string;
  location: { code: string; location_type: LocationType; is_active: boolean };
  old_quantity: number;
}

export function decideAdjustment(command: AdjustCommand, context: AdjustmentContext, now: Date): AdjustmentEvent[] {
  const { sku, style_code, location, old_quantity } = context;
  if (!location.is_active) throw conflict(`Location ${location.code} is deactivated. Reactivate it before adjusting its stock.`);
  const delta = command.adjustment_type === 'increase' ? command.quantity : -command.quantity;
  if (old_quantity + delta < 0) {
    throw conflict(`Not enough stock of ${sku} at ${location.code}: ${old_quantity} there, ${command.quantity} needed.`);
  }
  if (old_quantity + delta > MAX_STOCK) throw conflict(stockCeilingMessage(location.code, sku));
  return [
    {
      type: 'InventoryAdjusted',
      data: {
        adjustment_id: command.adjustment_id,
        sku,
        style_code,
        adjustment_type: command.adjustment_type,
        quantity: command.quantity,
        old_quantity,
        new_quantity: old_quantity + delta,
        location: location.code,
        location_type: location.location_type,
        reason: command.reason,
        notes: command.notes,
        movements: [{ sku, style_code, location: location.code, delta }],
        at: now.toISOString(),
      },
    },
  ];
}
