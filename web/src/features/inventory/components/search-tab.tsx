import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { compareVariants } from '@wh/contracts/platform/sizes';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { inventorySearchQuery } from '../api/inventory-api.ts';
import { ANY, COLOURS, colourOptions, fromOption, sizeOptions } from '../options.ts';
import { asTypedStyleCode, parseSearch, type SearchQuery } from '../search-input.ts';
import { SearchResults } from './search-results.tsx';

/** `canMove`: each location a SKU is held at links to the Move Stock tab (Put away for RECEIVING). */
export function SearchTab({ canMove = false }: { canMove?: boolean }) {
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

      {query && search.data ? <SearchResults items={[...search.data.items].sort(compareVariants)} total={search.data.total_quantity} canMove={canMove} /> : null}
    </div>
  );
}
