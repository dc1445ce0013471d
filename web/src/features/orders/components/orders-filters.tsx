import type { Dispatch } from 'react';
import { ORDER_STATUSES } from '@wh/contracts/orders/events';
import type { UserRef } from '@wh/contracts/orders/http';
import { SearchFilter } from '../../../components/search-filter.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { DateInput } from '../../../components/ui/date-input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { RemovableTags } from '../../../components/ui/tag-group.tsx';
import { activeChips, NO_STOCK_LABEL, STATUS_GROUPS, STATUS_LABELS, workerName, type ChipId, type OrdersFilter, type WorkerFilter } from '../order-filters.ts';
import type { OrdersEvent } from '../orders-state.ts';

const STATUS_OPTIONS = [
  { id: 'all', label: 'All Statuses' },
  ...ORDER_STATUSES.map((s) => ({ id: s, label: STATUS_LABELS[s] })),
  ...Object.entries(STATUS_GROUPS).map(([id, label]) => ({ id, label })),
];

export interface OrdersFiltersProps {
  filter: OrdersFilter;
  searchDraft: string;
  workers: readonly UserRef[] | undefined;
  dispatch: Dispatch<OrdersEvent>;
}

/** Search, status, assigned worker and order date, and the active filters as removable tags. */
export function OrdersFilters({ filter, searchDraft, workers = [], dispatch }: OrdersFiltersProps) {
  const update = (patch: Partial<Omit<OrdersFilter, 'page'>>) => dispatch({ type: 'filtered', patch });
  const chips = activeChips(filter, workers);
  const workerOptions = [
    { id: 'all', label: 'All Workers' },
    { id: 'unassigned', label: 'Unassigned' },
    ...workers.map((w) => ({ id: String(w.id), label: workerName(w) })),
  ];
  return (
    <>
      <SearchFilter
        label="Filter orders"
        className="orders-filters card"
        placeholder="Order number, SKU or style name"
        value={searchDraft}
        onChange={(text) => dispatch({ type: 'search-typed', text })}
        onSearch={(search) => update({ search })}
        submitLabel="Apply Filters"
      >
        <Select label="Status" options={STATUS_OPTIONS} value={filter.status} onChange={(status) => update({ status: status as OrdersFilter['status'] })} />
        <Select label="Assigned Worker" options={workerOptions} value={filter.worker} onChange={(worker) => update({ worker: worker as WorkerFilter })} />
        <DateInput label="Order Date" value={filter.date} onChange={(date) => update({ date })} />
        <Checkbox isSelected={filter.noStock} onChange={(noStock) => update({ noStock })} description="Open orders with items no location holds">
          {NO_STOCK_LABEL}
        </Checkbox>
      </SearchFilter>

      {chips.length > 0 ? (
        <RemovableTags
          label="Active filters"
          items={chips}
          onRemove={(id) => dispatch({ type: 'chip-removed', id: id as ChipId })}
          trailing={
            <Button variant="ghost" size="sm" onPress={() => dispatch({ type: 'filters-cleared' })}>
              Clear All ({chips.length})
            </Button>
          }
        />
      ) : null}
    </>
  );
}
