import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form } from 'react-aria-components';
import type { OverCapacity } from '@wh/contracts/platform/stock';
import type { ApprovableItem } from '@wh/contracts/receiving/http';
import { Button } from '../../../components/ui/button.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { TextArea } from '../../../components/ui/text-area.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { fieldErrorsOf, messageOf } from '../../../lib/api-errors.ts';
import { COLOUR_OPTIONS, FREE_SIZE, SIZE_OPTIONS, todayIso } from '../../../lib/stock-options.ts';
import { manualApprove, refreshAfterReceiving, selectableLocationsQuery } from '../api/receiving-api.ts';
import { emptyDraft, locationChoices, locationLabel, parseApproval, valueChoices, type ApprovalDraft, type ApprovalErrors, type ApprovalField } from '../direct-approval.ts';

export interface DirectApprovalFormProps {
  item: ApprovableItem | null;
  onClearItem: () => void;
  onApproved: (message: string, overCapacity: readonly OverCapacity[]) => void;
  onError: (message: string) => void;
}

const FREE = 'free-size';

/** Approve stock straight into a chosen location (POST /stock-approval/manual-approve). */
export function DirectApprovalForm({ item, onClearItem, onApproved, onError }: DirectApprovalFormProps) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ApprovalDraft>(() => emptyDraft(todayIso()));
  const [errors, setErrors] = useState<ApprovalErrors>({});
  const [pending, setPending] = useState(false);
  const locations = useQuery(selectableLocationsQuery());
  const choices = locationChoices(locations.data);
  const styleCode = item?.style_code ?? null;
  // A different style: colour and size start again.
  const [forStyle, setForStyle] = useState(styleCode);
  if (forStyle !== styleCode) {
    setForStyle(styleCode);
    setDraft((d) => ({ ...d, styleCode, color: '', size: '' }));
    setErrors({});
  }

  const set = <K extends keyof ApprovalDraft>(key: K) => (value: ApprovalDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [fieldOf(key)]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseApproval(draft, choices);
    if (!parsed.body) {
      setErrors(parsed.errors);
      return;
    }
    setPending(true);
    try {
      const answer = await manualApprove(parsed.body);
      const where = choices.find((c) => c.id === draft.locationId)?.location ?? '';
      setDraft((d) => ({ ...d, quantity: '1', gatepassNumber: '', notes: '' }));
      await refreshAfterReceiving(queryClient);
      onApproved(answer.message ?? `Approved ${parsed.body.quantity} × ${draft.styleCode} ${draft.color} into ${where}`, answer.data.over_capacity);
    } catch (cause) {
      const fields = fieldErrorsOf(cause);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else onError(messageOf(cause, 'Failed to approve stock'));
    } finally {
      setPending(false);
    }
  };

  const colours = valueChoices(item?.available_colors ?? [], COLOUR_OPTIONS);
  const sizes = valueChoices(item?.available_sizes.filter((s) => s !== FREE_SIZE) ?? [], SIZE_OPTIONS);

  return (
    <section className="card stack" aria-labelledby="direct-approval-title">
      <h2 className="card-title" id="direct-approval-title">
        Approve Stock
      </h2>
      <Form className="form" onSubmit={submit} validationBehavior="aria" aria-label="Approve stock">
        <div className={`selected-style ${errors.style_code ? 'selected-style-invalid' : ''}`}>
          <span className="field-label">Selected Style</span>
          {item ? (
            <div className="selected-style-value">
              <span>
                <strong>{item.style_code}</strong> {item.style_name}
              </span>
              <Button size="sm" variant="ghost" onPress={onClearItem}>
                Clear
              </Button>
            </div>
          ) : (
            <p className="muted">Choose a style from Available Items.</p>
          )}
          {errors.style_code ? <p className="field-error">{errors.style_code}</p> : null}
        </div>
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
        <div className="form-actions">
          <Button type="submit" isDisabled={pending} aria-busy={pending || undefined}>
            {pending ? 'Approving...' : 'Approve Stock'}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function fieldOf(key: keyof ApprovalDraft): ApprovalField {
  switch (key) {
    case 'styleCode':
      return 'style_code';
    case 'locationId':
      return 'location_id';
    case 'gatepassNumber':
      return 'gatepass_number';
    case 'color':
    case 'size':
    case 'quantity':
    case 'notes':
    case 'date':
      return key;
  }
}
