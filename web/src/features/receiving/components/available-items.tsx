import { useState } from 'react';
import { ListBox, ListBoxItem } from 'react-aria-components';
import type { ApprovableItem } from '@wh/contracts/receiving/http';
import { SearchFilter } from '../../../components/search-filter.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { availableSkusQuery } from '../api/receiving-api.ts';

export interface AvailableItemsProps {
  selected: string | null;
  onSelect: (item: ApprovableItem) => void;
}

/** Styles that stock can be approved for, searchable; choosing one fills the approval form. */
export function AvailableItems({ selected, onSelect }: AvailableItemsProps) {
  const [search, setSearch] = useState('');
  const items = useScreenQuery(availableSkusQuery(search));
  const list = items.data?.available_items ?? [];

  return (
    <section className="card stack" aria-labelledby="available-items-title">
      <h2 className="card-title" id="available-items-title">
        Available Items
      </h2>
      <SearchFilter
        label="Filter available items"
        searchLabel="Search styles"
        placeholder="Style code or name"
        value={search}
        onChange={setSearch}
        onSearch={setSearch}
      />
      {items.isError ? <Alert title="Error Loading Available Items">{messageOf(items.error, 'Failed to fetch available items')}</Alert> : null}
      {items.isPending ? (
        <p className="muted" role="status">
          Loading items...
        </p>
      ) : list.length === 0 ? (
        <div className="no-results">
          <p className="no-results-title">No Available Items Found</p>
          <p className="muted">{search ? 'No style matches the search.' : 'Upload the style catalogue first.'}</p>
        </div>
      ) : (
        <ListBox
          aria-label="Available items"
          className="listbox pick-list"
          selectionMode="single"
          selectedKeys={selected ? [selected] : []}
          items={list.map((item) => ({ ...item, id: item.style_code }))}
          onSelectionChange={(keys) => {
            if (keys === 'all') return;
            const code = [...keys][0];
            const item = list.find((i) => i.style_code === code);
            if (item) onSelect(item);
          }}
        >
          {(item) => (
            <ListBoxItem id={item.id} textValue={`${item.style_code} ${item.style_name}`} className="listbox-item pick-item">
              <span className="pick-main">
                <strong>{item.style_code}</strong> {item.style_name}
                {item.is_jeans ? <span className="chip chip-muted">Jeans</span> : null}
              </span>
              <span className="muted small">
                {item.variant_count} variants · {item.current_stock} in stock
              </span>
            </ListBoxItem>
          )}
        </ListBox>
      )}
    </section>
  );
}
