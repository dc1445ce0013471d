import { useReducer } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { InventorySearchResult } from '@wh/contracts/inventory/http';
import { CapacityWarnings } from '../../../components/capacity-warnings.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { activeLocationsQuery, adjustInventoryCommand, inventorySearchQuery } from '../api/inventory-api.ts';
import { adjustmentDraftReducer, EMPTY_ADJUSTMENT } from '../adjustment-draft.ts';
import { parseAdjustment } from '../adjustment-form.ts';
import { AdjustmentFields } from './adjustment-fields.tsx';
import { useAdjustmentOutcome } from './use-adjustment-outcome.ts';
import { asTypedStyleCode, parseSearch, type SearchQuery } from '../search-input.ts';

export function MakeAdjustment() {
  const adjust = useCommand(adjustInventoryCommand);
  const [draft, edit] = useReducer(adjustmentDraftReducer, EMPTY_ADJUSTMENT);
  const { success, overCapacity, hideOverCapacity } = useAdjustmentOutcome(adjust.answer);
  const items = useQuery({ ...inventorySearchQuery(draft.found ?? { style_code: '' }), enabled: draft.found !== null });
  const locations = useQuery(activeLocationsQuery());

  const find = () => {
    const parsed = parseSearch({ styleCode: draft.finder });
    edit('error' in parsed ? { type: 'findFailed', error: parsed.error } : { type: 'found', query: parsed.query });
  };

  const submit = () => {
    const { sku, adjustmentType, quantity, reason, location, notes } = draft;
    const parsed = parseAdjustment({ sku, adjustmentType, quantity, reason, location, notes });
    if ('errors' in parsed) {
      adjust.reset();
      return edit({ type: 'refused', errors: parsed.errors });
    }
    edit({ type: 'sending', quantity: parsed.body.quantity });
    const locationType = locations.data?.locations.find((l) => l.code === parsed.body.location)?.location_type;
    adjust.run({ ...parsed.body, ...(locationType ? { location_type: locationType } : {}) }, { onSuccess: () => edit({ type: 'sent' }) });
  };

  return (
    <div className="adjust-layout">
      <form
        className="card form"
        aria-label="Make adjustment"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <ItemFinder
          finder={draft.finder}
          finderError={draft.finderError}
          items={items}
          found={draft.found}
          onChange={(text) => edit({ type: 'finder', text })}
          onFind={find}
        />
        <AdjustmentFields draft={draft} edit={edit} items={items} locations={locations.data?.locations ?? []} />

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
