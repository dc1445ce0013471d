import { useState } from 'react';
import { locationTypeLabel } from '@wh/contracts/inventory/events';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { searchInventory, type InventoryMatch } from '../api/picking-api.ts';
import { parseLocationQuery } from '../location-query.ts';

/** 'Find Item Location': a SKU or style code, split on hyphens, looked up in the inventory. */
export function LocationSearch() {
  const [text, setText] = useState('');
  const [matches, setMatches] = useState<InventoryMatch[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const search = async () => {
    const query = parseLocationQuery(text);
    if (!query) {
      setError('Enter a SKU or style code');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setMatches(await searchInventory(query));
    } catch (err) {
      setMatches(null);
      setError(messageOf(err, 'Failed to search inventory'));
    } finally {
      setBusy(false);
    }
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
          void search();
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
