import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { locationTypeLabel } from '@wh/contracts/inventory/events';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { locationSearchQuery } from '../api/picking-api.ts';
import { parseLocationQuery, type LocationQuery } from '../location-query.ts';

const EMPTY_SEARCH = 'Enter a SKU or style code';

/** 'Find Item Location': a SKU or style code, split on hyphens, looked up in the inventory. */
export function LocationSearch() {
  const [text, setText] = useState('');
  // The search asked for; an empty one only says so, and the last results stay (as they do while the next loads).
  const [asked, setAsked] = useState<{ query: LocationQuery | null; empty: boolean }>({ query: null, empty: false });
  const result = useQuery({ ...locationSearchQuery(asked.query ?? { style_code: '' }), enabled: asked.query !== null, placeholderData: keepPreviousData });
  const matches = asked.query === null || result.isError ? null : (result.data ?? null);
  const error = asked.empty ? EMPTY_SEARCH : result.isError ? messageOf(result.error, 'Failed to search inventory') : null;
  const busy = result.isFetching;

  const search = () => {
    const query = parseLocationQuery(text);
    if (!query) setAsked((a) => ({ ...a, empty: true }));
    else if (JSON.stringify(query) === JSON.stringify(asked.query)) {
      setAsked({ query, empty: false });
      void result.refetch();
    } else setAsked({ query, empty: false });
  };

  return (
    <section className="card location-search" aria-labelledby="location-search-title">
      <h2 id="location-search-title" className="card-title">
        Find Item Location
      </h2>
      <form
        className="location-search-form"
        onSubmit={(e) => {
          e.preventDefault();
          search();
        }}
      >
        <TextField label="SKU or style code" placeholder="e.g. KN1010-WINE-12 or KN1010" value={text} onChange={setText} />
        <Button type="submit" isDisabled={busy}>
          {busy ? 'Searching...' : 'Search'}
        </Button>
      </form>
      {error ? <Alert title="Search Error">{error}</Alert> : null}
      {matches !== null && matches.length === 0 ? <p className="muted">No Items Found</p> : null}
      {matches && matches.length > 0 ? (
        <ul className="location-results" aria-label="Search results">
          {matches.map((m) => (
            <li key={m.sku} className="location-result">
              <div className="location-result-head">
                <strong>{m.sku}</strong>
                <span className="muted">{m.style_name}</span>
                <span>Total: {m.quantity}</span>
              </div>
              {m.locations.length > 0 ? (
                <ul className="location-list">
                  {m.locations.map((l) => (
                    <li key={l.location}>
                      {l.location} <span className="muted small">({locationTypeLabel(l.location_type)})</span>:{' '}
                      <strong>{l.quantity}</strong>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted small">Not in any location</p>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
