import type { UseQueryResult } from '@tanstack/react-query';
import type { InventorySearchItem, InventorySearchResult, Location } from '@wh/contracts/inventory/http';
import { Button } from '../../../components/ui/button.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import type { MoveDraft, MoveField } from '../move-form.ts';

export interface MoveFieldsProps {
  draft: MoveDraft;
  errors: Partial<Record<MoveField, string>>;
  found: UseQueryResult<InventorySearchResult>;
  /** The SKU looked up, with where it is held; null until found. */
  item: InventorySearchItem | null;
  locations: readonly Location[];
  onChange: (patch: Partial<MoveDraft>) => void;
  onFind: () => void;
}

const spaceOf = (l: Location) => (l.available_space === null ? 'no capacity set' : `${l.available_space} free`);

/** SKU (looked up), from (a location holding it, with its units), to (any active location, with its room), quantity. */
export function MoveFields({ draft, errors, found, item, locations, onChange, onFind }: MoveFieldsProps) {
  const held = item?.locations.find((l) => l.location === draft.from)?.quantity ?? 0;
  const notFound = draft.found !== null && found.isSuccess && item === null ? `SKU ${draft.found} not found. Check the style code, size and colour.` : undefined;
  const froms = (item?.locations ?? []).map((l) => ({ id: l.location, label: `${l.location} · ${l.quantity} units` }));
  const tos = locations.filter((l) => l.is_active && l.code !== draft.from).map((l) => ({ id: l.code, label: l.code, description: spaceOf(l) }));
  return (
    <>
      <div className="inline-form">
        <TextField
          label="SKU"
          placeholder="e.g. DR1012-8-BLUE"
          value={draft.sku}
          onChange={(sku) => onChange({ sku: sku.toUpperCase(), found: null, from: null })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onFind();
            }
          }}
          errorMessage={errors.sku ?? notFound}
        />
        <Button variant="secondary" onPress={onFind} isDisabled={found.isFetching}>
          {found.isFetching ? 'Finding...' : 'Find'}
        </Button>
      </div>
      {found.isError ? <p className="field-error">{messageOf(found.error, 'Failed to search inventory')}</p> : null}
      <Select
        label="From"
        options={froms}
        value={draft.from}
        onChange={(from) => onChange({ from, ...(draft.to === from ? { to: null } : {}) })}
        description={draft.from && item ? `${draft.from} holds ${held} of ${item.sku}` : item && froms.length === 0 ? `${item.sku} is not held anywhere` : undefined}
        errorMessage={errors.from}
        isDisabled={froms.length === 0}
      />
      <Select label="To" options={tos} value={draft.to} onChange={(to) => onChange({ to })} errorMessage={errors.to} />
      <NumberField
        label="Quantity"
        value={draft.quantity}
        minValue={1}
        {...(draft.from && held > 0 ? { maxValue: held } : {})}
        onChange={(quantity) => onChange({ quantity })}
        errorMessage={errors.quantity}
      />
    </>
  );
}
