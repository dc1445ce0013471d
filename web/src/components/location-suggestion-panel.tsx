import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { LocationSuggestion } from '@wh/contracts/inventory/http';
import { locationTypeLabel } from '@wh/contracts/inventory/events';
import { Alert } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';
import { Select } from './ui/select.tsx';
import { TextField } from './ui/text-field.tsx';
import { messageOf } from '../lib/api-errors.ts';
import { COLOUR_OPTIONS, ITEM_TYPE_OPTIONS, SIZE_OPTIONS, type ItemType } from '../lib/stock-options.ts';
import { parseSuggestionDraft, suggestLocations, type SuggestionDraft, type SuggestionErrors } from './location-suggestion.ts';

const ANY = 'any';
const SIZE_CHOICES = [{ id: ANY, label: 'Any size' }, ...SIZE_OPTIONS.map((s) => ({ id: s, label: `UK ${s}` }))];
const COLOUR_CHOICES = [{ id: ANY, label: 'Any colour' }, ...COLOUR_OPTIONS.map((c) => ({ id: c, label: c }))];
const ITEM_TYPE_CHOICES = ITEM_TYPE_OPTIONS.map((t) => ({ id: t, label: t === 'jeans' ? 'Jeans' : 'Regular' }));

export interface SuggestionListProps {
  suggestions: readonly LocationSuggestion[];
  /** Offers 'Use this location' on each suggestion. */
  onPick?: (suggestion: LocationSuggestion) => void;
  pickedId?: number | null;
}

/** Suggested locations, each with its free space and the reason it was suggested. */
export function SuggestionList({ suggestions, onPick, pickedId }: SuggestionListProps) {
  if (suggestions.length === 0) {
    return (
      <div className="no-results">
        <p className="no-results-title">No Suggestions Available</p>
        <p className="muted">No location has room for this stock. Add bins or racks, or choose a location yourself.</p>
      </div>
    );
  }
  return (
    <ol className="suggestion-list" aria-label="Suggested locations">
      {suggestions.map((s) => (
        <li key={s.location_id} className={`suggestion ${pickedId === s.location_id ? 'suggestion-picked' : ''}`}>
          <div className="suggestion-head">
            <strong>{s.location}</strong>
            <span className="chip chip-muted">{locationTypeLabel(s.location_type ?? s.type)}</span>
          </div>
          <p className="small">
            {s.available_space === null ? 'No capacity limit' : `${s.available_space} free`} · {s.current_capacity} in stock
            {s.capacity !== null ? ` of ${s.capacity}` : ''}
          </p>
          <p className="muted small">{s.reason}</p>
          {onPick ? (
            <Button size="sm" variant={pickedId === s.location_id ? 'primary' : 'secondary'} onPress={() => onPick(s)}>
              {pickedId === s.location_id ? 'Chosen' : 'Use this location'}
            </Button>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

const INITIAL: SuggestionDraft = { styleCode: '', quantity: '', size: null, color: null, itemType: 'regular' };

/** The Location Suggestion form (style code, quantity, size, colour, item type) and its suggestions. */
export function LocationSuggestionPanel() {
  const [draft, setDraft] = useState<SuggestionDraft>(INITIAL);
  const [errors, setErrors] = useState<SuggestionErrors>({});
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [suggestions, setSuggestions] = useState<LocationSuggestion[] | null>(null);

  const set = <K extends keyof SuggestionDraft>(key: K) => (value: SuggestionDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseSuggestionDraft(draft);
    if (!parsed.body) {
      setErrors(parsed.errors);
      return;
    }
    setPending(true);
    setError(null);
    try {
      setSuggestions((await suggestLocations(parsed.body)).suggested_locations);
    } catch (cause) {
      setSuggestions(null);
      setError(messageOf(cause, 'Failed to get location suggestions'));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="suggestion-panel">
      <Form className="form form-grid" onSubmit={submit} validationBehavior="aria" aria-label="Location suggestion">
        <TextField
          label="Style Code"
          isRequired
          value={draft.styleCode}
          onChange={(v) => set('styleCode')(v.toUpperCase())}
          errorMessage={errors.style_code}
          placeholder="e.g. DR1000"
        />
        <TextField
          label="Quantity"
          isRequired
          inputMode="numeric"
          value={draft.quantity}
          onChange={set('quantity')}
          errorMessage={errors.quantity}
        />
        <Select label="Size" options={SIZE_CHOICES} value={draft.size ?? ANY} onChange={(v) => set('size')(v === ANY ? null : v)} />
        <Select label="Colour" options={COLOUR_CHOICES} value={draft.color ?? ANY} onChange={(v) => set('color')(v === ANY ? null : v)} />
        <Select<ItemType> label="Item Type" options={ITEM_TYPE_CHOICES} value={draft.itemType} onChange={set('itemType')} />
        <div className="form-actions">
          <Button type="submit" isDisabled={pending} aria-busy={pending || undefined}>
            {pending ? 'Finding...' : 'Get Suggestions'}
          </Button>
        </div>
      </Form>
      {error ? (
        <Alert title="Error" onDismiss={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
      {suggestions ? <SuggestionList suggestions={suggestions} /> : null}
    </div>
  );
}
