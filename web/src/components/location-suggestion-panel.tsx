import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { Alert } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';
import { Select } from './ui/select.tsx';
import { TextField } from './ui/text-field.tsx';
import { useCommand } from '../lib/use-command.ts';
import { COLOUR_OPTIONS, ITEM_TYPE_OPTIONS, SIZE_OPTIONS, type ItemType } from '../lib/stock-options.ts';
import { SuggestionList } from './location-suggestion-list.tsx';
import { parseSuggestionDraft, suggestLocationsCommand, type SuggestionDraft, type SuggestionErrors } from './location-suggestion.ts';

const ANY = 'any';
const SIZE_CHOICES = [{ id: ANY, label: 'Any size' }, ...SIZE_OPTIONS.map((s) => ({ id: s, label: `UK ${s}` }))];
const COLOUR_CHOICES = [{ id: ANY, label: 'Any colour' }, ...COLOUR_OPTIONS.map((c) => ({ id: c, label: c }))];
const ITEM_TYPE_CHOICES = ITEM_TYPE_OPTIONS.map((t) => ({ id: t, label: t === 'jeans' ? 'Jeans' : 'Regular' }));

const INITIAL: SuggestionDraft = { styleCode: '', quantity: '', size: null, color: null, itemType: 'regular' };

/** The Location Suggestion form (style code, quantity, size, colour, item type) and its suggestions. */
export function LocationSuggestionPanel() {
  const [draft, setDraft] = useState<SuggestionDraft>(INITIAL);
  const [errors, setErrors] = useState<SuggestionErrors>({});
  const suggest = useCommand(suggestLocationsCommand);

  const set = <K extends keyof SuggestionDraft>(key: K) => (value: SuggestionDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseSuggestionDraft(draft);
    if (!parsed.body) {
      setErrors(parsed.errors);
      return;
    }
    suggest.run(parsed.body);
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
          <Button type="submit" isDisabled={suggest.isPending} aria-busy={suggest.isPending || undefined}>
            {suggest.isPending ? 'Finding...' : 'Get Suggestions'}
          </Button>
        </div>
      </Form>
      {suggest.error ? (
        <Alert title="Error" onDismiss={suggest.reset}>
          {suggest.error}
        </Alert>
      ) : null}
      {suggest.answer ? <SuggestionList suggestions={suggest.answer.suggested_locations} /> : null}
    </div>
  );
}
