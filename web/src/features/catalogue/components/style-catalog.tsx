import { useState } from 'react';
import type { Style } from '@wh/contracts/catalogue/http';
import { SearchFilter } from '../../../components/search-filter.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CardGrid } from '../../../components/ui/card-grid.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { COLOUR_OPTIONS, SIZE_OPTIONS } from '../../../lib/stock-options.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { stylesListQuery, type StylesFilter } from '../api/styles-api.ts';
import { StyleCard } from './style-card.tsx';

const ANY = 'any';
const COLOUR_CHOICES = [{ id: ANY, label: 'All Colours' }, ...COLOUR_OPTIONS.map((c) => ({ id: c, label: c }))];
const SIZE_CHOICES = [{ id: ANY, label: 'All Sizes' }, ...SIZE_OPTIONS.map((s) => ({ id: s, label: `UK ${s}` }))];
const TYPE_CHOICES = [
  { id: ANY, label: 'All Types' },
  { id: 'jeans', label: 'Jeans' },
  { id: 'regular', label: 'Regular' },
];
const INITIAL: StylesFilter = { search: '', color: null, size: null, isJeans: null, page: 1 };
const PAGER_BUTTONS = 5;

export interface StyleCatalogProps {
  onView: (style: Style) => void;
  onEdit: (style: Style) => void;
}

export function StyleCatalog({ onView, onEdit }: StyleCatalogProps) {
  const [filter, setFilter] = useState<StylesFilter>(INITIAL);
  const [draft, setDraft] = useState('');
  const styles = useScreenQuery(stylesListQuery(filter));
  const update = (patch: Partial<StylesFilter>) => setFilter((f) => ({ ...f, page: 1, ...patch }));
  const list = styles.data?.styles ?? [];
  const pagination = styles.data?.pagination;
  const filtered = filter.search !== '' || filter.color !== null || filter.size !== null || filter.isJeans !== null;

  return (
    <div className="stack">
      <SearchFilter
        label="Filter styles"
        className="filter-bar card"
        placeholder="Style code or name"
        value={draft}
        onChange={setDraft}
        onSearch={(search) => update({ search })}
        submitLabel="Search"
        onReset={() => {
          setDraft('');
          setFilter(INITIAL);
        }}
      >
        <Select label="Colour" options={COLOUR_CHOICES} value={filter.color ?? ANY} onChange={(v) => update({ color: v === ANY ? null : v })} />
        <Select label="Size" options={SIZE_CHOICES} value={filter.size ?? ANY} onChange={(v) => update({ size: v === ANY ? null : v })} />
        <Select
          label="Type"
          options={TYPE_CHOICES}
          value={filter.isJeans === null ? ANY : filter.isJeans ? 'jeans' : 'regular'}
          onChange={(v) => update({ isJeans: v === ANY ? null : v === 'jeans' })}
        />
      </SearchFilter>

      <div className="list-meta">
        <p aria-live="polite">{pagination ? `Showing ${list.length} of ${pagination.total_records} styles` : ''}</p>
        {styles.isFetching && !styles.isPending ? (
          <span className="muted small" role="status">
            Updating...
          </span>
        ) : null}
      </div>

      {styles.isError ? (
        <Alert title="Error">
          {messageOf(styles.error, 'Failed to fetch styles')}{' '}
          <Button size="sm" variant="secondary" onPress={() => void styles.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : null}

      {styles.isPending ? (
        <p className="muted" role="status">
          Loading styles...
        </p>
      ) : list.length === 0 ? (
        <div className="no-results card">
          <p className="no-results-title">No Styles Found</p>
          <p className="muted">{filtered ? 'No style matches these filters.' : 'Upload the style catalogue or add a style.'}</p>
        </div>
      ) : (
        <CardGrid label="Styles">
          {list.map((style) => (
            <StyleCard key={style.id} style={style} onView={() => onView(style)} onEdit={() => onEdit(style)} />
          ))}
        </CardGrid>
      )}

      {pagination ? (
        <Pagination
          page={pagination.current_page}
          totalPages={pagination.total_pages}
          onPageChange={(page) => setFilter((f) => ({ ...f, page }))}
          label="Style pages"
          maxButtons={PAGER_BUTTONS}
        />
      ) : null}
    </div>
  );
}
