import { useMemo, type Dispatch } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { locationTypeLabel, type AdjustmentReason, type AdjustmentType } from '@wh/contracts/inventory/events';
import type { InventorySearchResult, Location } from '@wh/contracts/inventory/http';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { Select, type SelectOption } from '../../../components/ui/select.tsx';
import { TextArea } from '../../../components/ui/text-area.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ADJUSTMENT_REASONS } from '../adjustment-form.ts';
import type { AdjustmentDraft, AdjustmentEdit } from '../adjustment-draft.ts';

const TYPE_OPTIONS = [
  { id: 'increase' as const, label: 'Increase', description: 'Add units at the location' },
  { id: 'decrease' as const, label: 'Decrease', description: 'Remove units from the location' },
];
const REASON_OPTIONS = ADJUSTMENT_REASONS.map((r) => ({ id: r, label: r }));

export interface AdjustmentFieldsProps {
  draft: AdjustmentDraft;
  edit: Dispatch<AdjustmentEdit>;
  items: UseQueryResult<InventorySearchResult>;
  locations: readonly Location[];
}

/** The item, the kind and size of the change, its reason, its location and notes. */
export function AdjustmentFields({ draft, edit, items, locations }: AdjustmentFieldsProps) {
  const item = items.data?.items.find((i) => i.sku === draft.sku) ?? null;
  const itemOptions: SelectOption[] = (items.data?.items ?? []).map((i) => ({
    id: i.sku,
    label: `${i.sku} — ${i.style_name} (${i.quantity} units)`,
  }));
  // The item's own locations first (with what they hold), then every other active location for increases.
  const locationOptions = useMemo<SelectOption[]>(() => {
    const held = item?.locations ?? [];
    const heldCodes = new Set(held.map((l) => l.location));
    const others = locations.filter((l) => l.is_active && !heldCodes.has(l.code));
    return [
      ...held.map((l) => ({ id: l.location, label: `${l.location} (${locationTypeLabel(l.location_type)}, holds ${l.quantity})` })),
      ...others.map((l) => ({ id: l.code, label: `${l.code} (${locationTypeLabel(l.location_type)}, holds 0)` })),
    ];
  }, [item, locations]);

  return (
    <>
    <Select
      label="Item"
      placeholder="Select an item"
      options={itemOptions}
      value={draft.sku}
      onChange={(sku) => edit({ type: 'sku', sku })}
      errorMessage={draft.errors.item}
      isDisabled={itemOptions.length === 0}
    />
    {item ? (
      <p className="muted small" aria-live="polite">
        Selected: {item.sku} · {item.style_name} · {item.color} · Size {item.size} · {item.quantity} units in stock
      </p>
    ) : null}

    <RadioGroup<AdjustmentType> label="Adjustment Type" orientation="horizontal" options={TYPE_OPTIONS} value={draft.adjustmentType} onChange={(value) => edit({ type: 'adjustmentType', value })} />
    <TextField
      label="Quantity"
      inputMode="numeric"
      value={draft.quantity}
      onChange={(text) => edit({ type: 'quantity', text })}
      onBlur={() => edit({ type: 'settleQuantity' })}
      description="At least 1"
    />
    <Select<AdjustmentReason>
      label="Reason"
      placeholder="Select a reason"
      options={REASON_OPTIONS}
      value={draft.reason}
      onChange={(reason) => edit({ type: 'reason', reason })}
      errorMessage={draft.errors.reason}
    />
    <Select
      label="Location"
      placeholder="Select a location"
      options={locationOptions}
      value={draft.location}
      onChange={(location) => edit({ type: 'location', location })}
      errorMessage={draft.errors.location}
      isDisabled={!draft.sku}
    />
    <TextArea label="Notes" value={draft.notes} onChange={(text) => edit({ type: 'notes', text })} placeholder="Optional details" />
    </>
  );
}
