import { useEffect, useMemo, useState } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { locationTypeLabel } from '@wh/contracts/inventory/events';
import type { AdjustmentReason, AdjustmentType } from '@wh/contracts/inventory/events';
import type { AdjustmentResult, InventorySearchResult } from '@wh/contracts/inventory/http';
import type { SuccessEnvelope } from '@wh/contracts/platform/http';
import { CapacityWarnings } from '../../../components/capacity-warnings.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { Select, type SelectOption } from '../../../components/ui/select.tsx';
import { TextArea } from '../../../components/ui/text-area.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { activeLocationsQuery, adjustInventoryCommand, inventorySearchQuery } from '../api/inventory-api.ts';
import { ADJUSTMENT_REASONS, adjustmentQuantity, parseAdjustment } from '../adjustment-form.ts';
import { ADJUSTMENT_SUCCESS_MS } from '../options.ts';
import { asTypedStyleCode, parseSearch, type SearchQuery } from '../search-input.ts';

const TYPE_OPTIONS = [
  { id: 'increase' as const, label: 'Increase', description: 'Add units at the location' },
  { id: 'decrease' as const, label: 'Decrease', description: 'Remove units from the location' },
];
const REASON_OPTIONS = ADJUSTMENT_REASONS.map((r) => ({ id: r, label: r }));

export function MakeAdjustment() {
  const adjust = useCommand(adjustInventoryCommand);
  const [finder, setFinder] = useState('');
  const [finderError, setFinderError] = useState<string | undefined>();
  const [found, setFound] = useState<SearchQuery | null>(null);
  const [sku, setSku] = useState<string | null>(null);
  const [adjustmentType, setAdjustmentType] = useState<AdjustmentType>('increase');
  const [quantity, setQuantity] = useState('1');
  const [reason, setReason] = useState<AdjustmentReason | null>(null);
  const [location, setLocation] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'item' | 'reason' | 'location', string>>>({});
  const { success, overCapacity, hideOverCapacity } = useAdjustmentOutcome(adjust.answer);

  const items = useQuery({ ...inventorySearchQuery(found ?? { style_code: '' }), enabled: found !== null });
  const locations = useQuery(activeLocationsQuery());
  const item = items.data?.items.find((i) => i.sku === sku) ?? null;

  const itemOptions: SelectOption[] = (items.data?.items ?? []).map((i) => ({
    id: i.sku,
    label: `${i.sku} — ${i.style_name} (${i.quantity} units)`,
  }));
  // The item's own locations first (with what they hold), then every other active location for increases.
  const locationOptions = useMemo<SelectOption[]>(() => {
    const held = item?.locations ?? [];
    const heldCodes = new Set(held.map((l) => l.location));
    const others = (locations.data?.locations ?? []).filter((l) => l.is_active && !heldCodes.has(l.code));
    return [
      ...held.map((l) => ({ id: l.location, label: `${l.location} (${locationTypeLabel(l.location_type)}, holds ${l.quantity})` })),
      ...others.map((l) => ({ id: l.code, label: `${l.code} (${locationTypeLabel(l.location_type)}, holds 0)` })),
    ];
  }, [item, locations.data]);

  const find = () => {
    const parsed = parseSearch({ styleCode: finder });
    if ('error' in parsed) {
      setFinderError(parsed.error);
      return;
    }
    setFinderError(undefined);
    setFound(parsed.query);
    setSku(null);
    setLocation(null);
  };

  const submit = () => {
    const parsed = parseAdjustment({ sku, adjustmentType, quantity, reason, location, notes });
    if ('errors' in parsed) {
      adjust.reset();
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    setQuantity(String(parsed.body.quantity));
    const locationType = locations.data?.locations.find((l) => l.code === parsed.body.location)?.location_type;
    adjust.run(
      { ...parsed.body, ...(locationType ? { location_type: locationType } : {}) },
      {
        onSuccess: () => {
          setNotes('');
          setQuantity('1');
        },
      },
    );
  };

  return (
    <div className="adjust-layout">
      <form
        className="card form"
        aria-label="Make adjustment"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <ItemFinder finder={finder} finderError={finderError} items={items} found={found} onChange={setFinder} onFind={find} />

        <Select
          label="Item"
          placeholder="Select an item"
          options={itemOptions}
          value={sku}
          onChange={(next) => {
            setSku(next);
            setLocation(null);
            setErrors((e) => ({ ...e, item: undefined }));
          }}
          errorMessage={errors.item}
          isDisabled={itemOptions.length === 0}
        />
        {item ? (
          <p className="muted small" aria-live="polite">
            Selected: {item.sku} · {item.style_name} · {item.color} · Size {item.size} · {item.quantity} units in stock
          </p>
        ) : null}

        <RadioGroup<AdjustmentType> label="Adjustment Type" orientation="horizontal" options={TYPE_OPTIONS} value={adjustmentType} onChange={setAdjustmentType} />
        <TextField
          label="Quantity"
          inputMode="numeric"
          value={quantity}
          onChange={setQuantity}
          onBlur={() => setQuantity(String(adjustmentQuantity(quantity)))}
          description="At least 1"
        />
        <Select<AdjustmentReason>
          label="Reason"
          placeholder="Select a reason"
          options={REASON_OPTIONS}
          value={reason}
          onChange={(r) => {
            setReason(r);
            setErrors((e) => ({ ...e, reason: undefined }));
          }}
          errorMessage={errors.reason}
        />
        <Select
          label="Location"
          placeholder="Select a location"
          options={locationOptions}
          value={location}
          onChange={(l) => {
            setLocation(l);
            setErrors((e) => ({ ...e, location: undefined }));
          }}
          errorMessage={errors.location}
          isDisabled={!sku}
        />
        <TextArea label="Notes" value={notes} onChange={setNotes} placeholder="Optional details" />

        {adjust.error ? (
          <Alert title="Adjustment Error" onDismiss={adjust.reset}>
            {adjust.error}
          </Alert>
        ) : null}
        {success ? <Alert tone="success">{success}</Alert> : null}
        <CapacityWarnings overCapacity={overCapacity} onDismiss={hideOverCapacity} />

        <div className="form-actions">
          <Button type="submit" isDisabled={adjust.isPending}>
            {adjust.isPending ? 'Submitting...' : 'Submit Adjustment'}
          </Button>
        </div>
      </form>
    </div>
  );
}

/**
 * What the last adjustment came to, from its answer: the success message disappears after 3 seconds (spec section
 * 4); a capacity warning stays until dismissed or the next adjustment.
 */
function useAdjustmentOutcome(answer: SuccessEnvelope<AdjustmentResult> | undefined) {
  const [hidden, setHidden] = useState<{ answer: typeof answer; success: boolean; overCapacity: boolean }>({ answer, success: false, overCapacity: false });
  // A new answer shows again what an earlier one hid.
  const shown = hidden.answer === answer ? hidden : { answer, success: false, overCapacity: false };
  const r = answer?.data;
  const change = r ? `${r.sku} at ${r.location}: ${r.old_quantity} → ${r.new_quantity}` : '';
  const success = answer && !shown.success ? (answer.message ? `${answer.message} (${change})` : `Inventory adjusted: ${change}`) : null;
  useEffect(() => {
    if (!success) return;
    const id = setTimeout(() => setHidden((h) => ({ ...(h.answer === answer ? h : { overCapacity: false }), answer, success: true })), ADJUSTMENT_SUCCESS_MS);
    return () => clearTimeout(id);
  }, [success, answer]);
  return {
    success,
    overCapacity: r && !shown.overCapacity ? r.over_capacity : [],
    hideOverCapacity: () => setHidden({ ...shown, overCapacity: true }),
  };
}

interface ItemFinderProps {
  finder: string;
  finderError: string | undefined;
  items: UseQueryResult<InventorySearchResult>;
  found: SearchQuery | null;
  onChange: (text: string) => void;
  onFind: () => void;
}

/** Finds the items of a style code or SKU to adjust. */
function ItemFinder({ finder, finderError, items, found, onChange, onFind }: ItemFinderProps) {
  return (
    <>
    <div className="inline-form">
      <TextField
        label="Find Item"
        placeholder="Style code or SKU"
        value={finder}
        onChange={(v) => onChange(asTypedStyleCode(v))}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onFind();
          }
        }}
        errorMessage={finderError}
      />
      <Button variant="secondary" onPress={onFind} isDisabled={items.isFetching}>
        {items.isFetching ? 'Finding...' : 'Find'}
      </Button>
    </div>
    {items.isError ? <Alert title="Search Error">{messageOf(items.error, 'Failed to search inventory')}</Alert> : null}
    {found && items.data?.items.length === 0 ? <p className="muted small">No Items Found</p> : null}
    </>
  );
}
