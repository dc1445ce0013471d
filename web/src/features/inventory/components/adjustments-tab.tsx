import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PERMISSION_DENIED } from '@wh/contracts/auth/permissions';
import type { AdjustmentReason, AdjustmentType } from '@wh/contracts/inventory/events';
import type { OverCapacity } from '@wh/contracts/platform/stock';
import { CapacityWarnings } from '../../../components/capacity-warnings.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { StatCard, StatCards } from '../../../components/ui/stat-card.tsx';
import { Select, type SelectOption } from '../../../components/ui/select.tsx';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../../components/ui/table.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { TextArea } from '../../../components/ui/text-area.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import {
  activeLocationsQuery,
  adjustInventory,
  adjustmentSummaryQuery,
  inventoryKeys,
  inventorySearchQuery,
  recentAdjustmentsQuery,
} from '../api/inventory-api.ts';
import { ADJUSTMENT_REASONS, adjustmentQuantity, parseAdjustment } from '../adjustment-form.ts';
import { ADJUSTMENT_SUCCESS_MS } from '../options.ts';
import { asTypedStyleCode, parseSearch, type SearchQuery } from '../search-input.ts';
import { formatDateTime } from './format.ts';
import { locationTypeLabel } from '../../../lib/location-types.ts';

export const ADJUST_DENIED = PERMISSION_DENIED['inventory:adjust'] ?? '';

export function AdjustmentsTab({ canAdjust }: { canAdjust: boolean }) {
  if (!canAdjust) return <Alert title="No Permission">{ADJUST_DENIED}</Alert>;
  return (
    <Tabs
      label="Adjustments"
      items={[
        { id: 'make', label: 'Make Adjustment', content: <MakeAdjustment /> },
        { id: 'history', label: 'Adjustment History', content: <AdjustmentHistory /> },
      ]}
    />
  );
}

const TYPE_OPTIONS = [
  { id: 'increase' as const, label: 'Increase', description: 'Add units at the location' },
  { id: 'decrease' as const, label: 'Decrease', description: 'Remove units from the location' },
];
const REASON_OPTIONS = ADJUSTMENT_REASONS.map((r) => ({ id: r, label: r }));

function MakeAdjustment() {
  const queryClient = useQueryClient();
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  // Unlike the success message, a capacity warning stays until dismissed or the next adjustment.
  const [overCapacity, setOverCapacity] = useState<readonly OverCapacity[]>([]);

  // The success message disappears after 3 seconds (spec section 4).
  useEffect(() => {
    if (!success) return;
    const id = setTimeout(() => setSuccess(null), ADJUSTMENT_SUCCESS_MS);
    return () => clearTimeout(id);
  }, [success]);

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

  const submit = async () => {
    setError(null);
    setSuccess(null);
    setOverCapacity([]);
    const parsed = parseAdjustment({ sku, adjustmentType, quantity, reason, location, notes });
    if ('errors' in parsed) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    setQuantity(String(parsed.body.quantity));
    const locationType = locations.data?.locations.find((l) => l.code === parsed.body.location)?.location_type;
    setBusy(true);
    try {
      const answer = await adjustInventory({ ...parsed.body, ...(locationType ? { location_type: locationType } : {}) });
      const r = answer.data;
      const change = `${r.sku} at ${r.location}: ${r.old_quantity} → ${r.new_quantity}`;
      setSuccess(answer.message ? `${answer.message} (${change})` : `Inventory adjusted: ${change}`);
      setOverCapacity(r.over_capacity);
      setNotes('');
      setQuantity('1');
      await queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
    } catch (cause) {
      setError(messageOf(cause, 'Failed to process inventory adjustment'));
    } finally {
      setBusy(false);
    }
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
        <div className="inline-form">
          <TextField
            label="Find Item"
            placeholder="Style code or SKU"
            value={finder}
            onChange={(v) => setFinder(asTypedStyleCode(v))}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                find();
              }
            }}
            errorMessage={finderError}
          />
          <Button variant="secondary" onPress={find} isDisabled={items.isFetching}>
            {items.isFetching ? 'Finding...' : 'Find'}
          </Button>
        </div>
        {items.isError ? <Alert title="Search Error">{messageOf(items.error, 'Failed to search inventory')}</Alert> : null}
        {found && items.data?.items.length === 0 ? <p className="muted small">No Items Found</p> : null}

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

        {error ? (
          <Alert title="Adjustment Error" onDismiss={() => setError(null)}>
            {error}
          </Alert>
        ) : null}
        {success ? <Alert tone="success">{success}</Alert> : null}
        <CapacityWarnings overCapacity={overCapacity} onDismiss={() => setOverCapacity([])} />

        <div className="form-actions">
          <Button type="submit" isDisabled={busy}>
            {busy ? 'Submitting...' : 'Submit Adjustment'}
          </Button>
        </div>
      </form>
    </div>
  );
}

const SUMMARY_DAYS = 30;
const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

function AdjustmentHistory() {
  const summary = useQuery(adjustmentSummaryQuery(SUMMARY_DAYS));
  return (
    <div className="inventory-tab">
      {summary.isError ? <Alert title="Error">{messageOf(summary.error, 'Failed to fetch adjustment summary')}</Alert> : null}
      {summary.data ? (
        <StatCards label={`Adjustments in the last ${SUMMARY_DAYS} days`}>
          <StatCard label={`Adjustments (${SUMMARY_DAYS} days)`} value={summary.data.total_adjustments} />
          <StatCard label="Units In" value={`+${summary.data.units_in}`} note={plural(summary.data.increases, 'increase')} />
          <StatCard label="Units Out" value={`−${summary.data.units_out}`} note={plural(summary.data.decreases, 'decrease')} />
          <StatCard label="Net Change" value={summary.data.net_change > 0 ? `+${summary.data.net_change}` : summary.data.net_change} />
        </StatCards>
      ) : null}
      <RecentAdjustments />
    </div>
  );
}

function RecentAdjustments() {
  const recent = useQuery(recentAdjustmentsQuery());
  if (recent.isError) return <Alert title="Error">{messageOf(recent.error, 'Failed to fetch recent adjustments')}</Alert>;
  if (!recent.data) return <p className="muted">Loading adjustments...</p>;
  const rows = recent.data.adjustments;
  if (rows.length === 0) return <p className="table-empty">No recent adjustments found</p>;
  return (
    <Table aria-label="Adjustment history" stackOnMobile>
      <TableHeader>
        <Column isRowHeader>Date</Column>
        <Column>SKU</Column>
        <Column>Location</Column>
        <Column>Change</Column>
        <Column>Quantity</Column>
        <Column>Reason</Column>
        <Column>By</Column>
      </TableHeader>
      <TableBody>
        {rows.map((a) => (
          <Row key={a.id} id={a.id}>
            <Cell label="Date">{formatDateTime(a.adjusted_at)}</Cell>
            <Cell label="SKU">
              <span className="sku-code">{a.sku}</span>
            </Cell>
            <Cell label="Location">{a.location}</Cell>
            <Cell label="Change">
              {a.adjustment_type === 'increase' ? (
                <Badge tone="success">+{a.adjustment_quantity}</Badge>
              ) : (
                <Badge tone="danger">−{a.adjustment_quantity}</Badge>
              )}
            </Cell>
            <Cell label="Quantity">
              {a.old_quantity} → {a.new_quantity}
            </Cell>
            <Cell label="Reason">
              {a.reason}
              {a.notes ? <span className="muted small block">{a.notes}</span> : null}
            </Cell>
            <Cell label="By">{a.adjusted_by ?? '—'}</Cell>
          </Row>
        ))}
      </TableBody>
    </Table>
  );
}
