import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AvailableItems } from '@wh/contracts/inventory/http';
import { inSizeOrder } from '@wh/contracts/platform/sizes';
import { SearchFilter } from '../../../components/search-filter.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../../components/ui/table.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { availableItemsQuery, type AvailableFilter } from '../api/inventory-api.ts';
import { ANY, AVAILABLE_ITEM_COLOURS, colourOptions, fromOption, sizeOptions } from '../options.ts';

export function AvailableItemsTab() {
  const [draft, setDraft] = useState('');
  const [filter, setFilter] = useState<AvailableFilter>({ search: '', page: 1 });
  const items = useQuery(availableItemsQuery(filter));
  const update = (patch: Partial<AvailableFilter>) => setFilter((f) => ({ ...f, page: 1, ...patch }));
  const rows = items.data?.available_items ?? [];
  const pagination = items.data?.pagination;

  return (
    <div className="inventory-tab">
      <SearchFilter
        label="Filter available items"
        className="card inventory-filter"
        placeholder="Style code or name"
        value={draft}
        onChange={setDraft}
        onSearch={(search) => update({ search })}
        submitLabel="Search"
      >
        <Select
          label="Colour"
          options={colourOptions(AVAILABLE_ITEM_COLOURS, 'All Colours')}
          value={filter.color ?? ANY}
          onChange={(c) => update({ color: fromOption(c) })}
        />
        <Select label="Size" options={sizeOptions('All Sizes')} value={filter.size ?? ANY} onChange={(s) => update({ size: fromOption(s) })} />
      </SearchFilter>

      {items.isError ? (
        <Alert title="Error Loading Available Items">{messageOf(items.error, 'Failed to fetch available items')}</Alert>
      ) : null}

      {items.isPending ? (
        <p className="muted" role="status">
          Loading available items...
        </p>
      ) : rows.length === 0 && !items.isError ? (
        <div className="card card-muted empty-state" role="status">
          <p className="empty-title">No Available Items Found</p>
          <p>Try another search, colour or size.</p>
        </div>
      ) : rows.length > 0 ? (
        <>
          <p className="list-meta">
            Showing {rows.length} of {pagination?.total_records ?? rows.length} styles
          </p>
          <AvailableItemsTable rows={rows} />
        </>
      ) : null}

      {pagination ? (
        <Pagination
          page={pagination.current_page}
          totalPages={pagination.total_pages}
          onPageChange={(page) => setFilter((f) => ({ ...f, page }))}
          label="Available items pages"
        />
      ) : null}
    </div>
  );
}

/** A row a style: its type, the sizes and colours in stock, how many variants and units. */
function AvailableItemsTable({ rows }: { rows: AvailableItems['available_items'] }) {
  return (
    <Table aria-label="Available items" stackOnMobile>
      <TableHeader>
        <Column isRowHeader>Style</Column>
        <Column>Type</Column>
        <Column>Sizes</Column>
        <Column>Colours</Column>
        <Column>Variants</Column>
        <Column>Stock</Column>
      </TableHeader>
      <TableBody>
        {rows.map((item) => (
          <Row key={item.style_code} id={item.style_code}>
            <Cell label="Style">
              <span className="sku-code">{item.style_code}</span>
              <br />
              <span className="muted small">{item.style_name}</span>
            </Cell>
            <Cell label="Type">{item.is_jeans ? <Badge tone="info">Jeans</Badge> : <Badge>Regular</Badge>}</Cell>
            <Cell label="Sizes">{inSizeOrder(item.available_sizes).join(', ') || '—'}</Cell>
            <Cell label="Colours">{item.available_colors.join(', ') || '—'}</Cell>
            <Cell label="Variants">{item.variant_count}</Cell>
            <Cell label="Stock">{item.current_stock.toLocaleString()}</Cell>
          </Row>
        ))}
      </TableBody>
    </Table>
  );
}
