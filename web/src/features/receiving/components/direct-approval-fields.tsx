import type { UseQueryResult } from '@tanstack/react-query';
import type { SelectableLocations } from '@wh/contracts/inventory/http';
import type { ApprovableItem } from '@wh/contracts/receiving/http';
import { Button } from '../../../components/ui/button.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { TextArea } from '../../../components/ui/text-area.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { COLOUR_OPTIONS, FREE_SIZE, SIZE_OPTIONS } from '../../../lib/stock-options.ts';
import { locationLabel, sizeChoices, valueChoices, type ApprovalDraft, type ApprovalErrors, type locationChoices } from '../direct-approval.ts';

const FREE = 'free-size';

export function SelectedStyle({ item, error, onClear }: { item: ApprovableItem | null; error: string | undefined; onClear: () => void }) {
  return (
    <div className={`selected-style ${error ? 'selected-style-invalid' : ''}`}>
      <span className="field-label">Selected Style</span>
      {item ? (
        <div className="selected-style-value">
          <span>
            <strong>{item.style_code}</strong> {item.style_name}
          </span>
          <Button size="sm" variant="ghost" onPress={onClear}>
            Clear
          </Button>
        </div>
      ) : (
        <p className="muted">Choose a style from Available Items.</p>
      )}
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  );
}

export interface ApprovalFieldsProps {
  item: ApprovableItem | null;
  draft: ApprovalDraft;
  errors: ApprovalErrors;
  set: <K extends keyof ApprovalDraft>(key: K) => (value: ApprovalDraft[K]) => void;
  locations: UseQueryResult<SelectableLocations>;
  choices: ReturnType<typeof locationChoices>;
}

/** Colour, size, quantity, date, location, gatepass and notes of a direct approval. */
export function ApprovalFields({ item, draft, errors, set, locations, choices }: ApprovalFieldsProps) {
  const colours = valueChoices(item?.available_colors ?? [], COLOUR_OPTIONS);
  const sizes = sizeChoices(item?.available_sizes.filter((s) => s !== FREE_SIZE) ?? [], SIZE_OPTIONS);
  return (
    <>
      <div className="form-grid">
        <Select
          label="Colour"
          isRequired
          options={colours}
          value={draft.color || null}
          onChange={set('color')}
          errorMessage={errors.color}
          placeholder="Choose a colour"
        />
        <Select
          label="Size"
          options={[{ id: FREE, label: FREE_SIZE }, ...sizes]}
          value={draft.size || FREE}
          onChange={(v) => set('size')(v === FREE ? '' : v)}
          errorMessage={errors.size}
          description="Leave as Free Size when the style has no sizes"
        />
        <NumberField
          label="Quantity"
          isRequired
          minValue={1}
          value={draft.quantity === '' ? Number.NaN : Number(draft.quantity)}
          onChange={(n) => set('quantity')(Number.isNaN(n) ? '' : String(n))}
          errorMessage={errors.quantity}
        />
        <TextField label="Date" type="date" value={draft.date} onChange={set('date')} errorMessage={errors.date} />
      </div>
      <Select
        label="Location"
        isRequired
        options={choices.map((l) => ({ id: String(l.id), label: locationLabel(l) }))}
        value={draft.locationId === null ? null : String(draft.locationId)}
        onChange={(v) => set('locationId')(Number(v))}
        errorMessage={errors.location_id}
        placeholder={locations.isPending ? 'Loading locations...' : choices.length === 0 ? 'No location has space' : 'Choose a location'}
        description={locations.isError ? messageOf(locations.error, 'Failed to fetch locations') : 'Bins and racks with space left'}
      />
      <TextField label="Gatepass Number" value={draft.gatepassNumber} onChange={set('gatepassNumber')} errorMessage={errors.gatepass_number} />
      <TextArea label="Notes" value={draft.notes} onChange={set('notes')} errorMessage={errors.notes} rows={2} />
    </>
  );
}
