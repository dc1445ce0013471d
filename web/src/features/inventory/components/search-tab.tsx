import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { InventorySearchItem } from '@wh/contracts/inventory/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { inventorySearchQuery } from '../api/inventory-api.ts';
import { ANY, COLOURS, colourOptions, fromOption, sizeOptions } from '../options.ts';
import { asTypedStyleCode, parseSearch, type SearchQuery } from '../search-input.ts';
import { locationTypeLabel } from '../../../lib/location-types.ts';

export function SearchTab() {
  const [styleCode, setStyleCode] = useState('');
  const [color, setColor] = useState<string>(ANY);
  const [size, setSize] = useState<string>(ANY);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [query, setQuery] = useState<SearchQuery | null>(null);
  const search = useQuery({ ...inventorySearchQuery(query ?? { style_code: '' }), enabled: query !== null });

  const submit = () => {
    const parsed = parseSearch({ styleCode, color: fromOption(color), size: fromOption(size) });
    if ('error' in parsed) {
      setFieldError(parsed.error);
      return;
    }
    setFieldError(undefined);
    setQuery(parsed.query);
  };

  return (
    <div className="inventory-tab">
      <form
        className="card inventory-search-form"
        role="search"
        aria-label="Inventory search"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField
          label="Style Code"
          placeholder="e.g. DR1000, a SKU, or part of a name"
          value={styleCode}
          onChange={(v) => {
            setStyleCode(asTypedStyleCode(v));
            setFieldError(undefined);
          }}
          errorMessage={fieldError}
          isRequired
          className="inventory-search-code"
        />
        <Select label="Colour" options={colourOptions(COLOURS, 'Any Colour')} value={color} onChange={setColor} />
        <Select label="Size" options={sizeOptions('Any Size')} value={size} onChange={setSize} />
        <div className="filter-actions">
          <Button type="submit" isDisabled={search.isFetching}>
            {search.isFetching ? 'Searching...' : 'Search'}
          </Button>
        </div>
      </form>

      {search.isError ? <Alert title="Search Error">{messageOf(search.error, 'Failed to search inventory')}</Alert> : null}

      {query && search.data ? <SearchResults items={search.data.items} total={search.data.total_quantity} /> : null}
    </div>
  );
}

const historyLink = (by: 'sku' | 'location', code: string) => `?${new URLSearchParams({ tab: 'history', [by]: code })}`;

function SearchResults({ items, total }: { items: readonly InventorySearchItem[]; total: number }) {
  if (items.length === 0) {
    return (
      <div className="card card-muted empty-state" role="status">
        <p className="empty-title">No Items Found</p>
        <p>No stock matches that style code, colour and size.</p>
      </div>
    );
  }
  return (
    <section aria-label="Search results" className="inventory-results">
      <p className="list-meta" role="status">
        {items.length} {items.length === 1 ? 'SKU' : 'SKUs'} · {total.toLocaleString()} units
      </p>
      <ul className="sku-list">
        {items.map((item) => (
          <li key={item.sku} className="card sku-card" aria-label={item.sku}>
            <div className="sku-head">
              <div>
                <p className="sku-code">{item.sku}</p>
                <p className="muted small">
                  {item.style_name} · {item.color} · Size {item.size}
                </p>
              </div>
              <div className="sku-head-end">
                <Badge tone={item.quantity === 0 ? 'danger' : 'info'}>{item.quantity.toLocaleString()} units</Badge>
                <Link className="btn btn-ghost btn-sm" to={historyLink('sku', item.sku)} aria-label={`Stock history of ${item.sku}`}>
                  History
                </Link>
              </div>
            </div>
            {item.locations.length === 0 ? (
              <p className="muted small">Not held at any location</p>
            ) : (
              <ul className="location-chips" aria-label={`Locations of ${item.sku}`}>
                {item.locations.map((l) => (
                  <li key={l.location} className="location-chip">
                    <Link className="location-code" to={historyLink('location', l.location)} aria-label={`Stock history of ${l.location}`}>
                      {l.location}
                    </Link>
                    <span className="muted small">{locationTypeLabel(l.location_type)}</span>
                    <span className="location-qty">{l.quantity}</span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
