import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form } from 'react-aria-components';
import type { OverCapacity } from '@wh/contracts/platform/stock';
import type { ApprovableItem } from '@wh/contracts/receiving/http';
import { Button } from '../../../components/ui/button.tsx';
import { fieldErrorsOf, messageOf } from '../../../lib/api-errors.ts';
import { todayIso } from '../../../lib/stock-options.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { selectableLocationsQuery } from '../api/receiving-api.ts';
import { manualApproveCommand } from '../api/receiving-commands.ts';
import { emptyDraft, locationChoices, parseApproval, type ApprovalDraft, type ApprovalErrors, type ApprovalField } from '../direct-approval.ts';
import { ApprovalFields, SelectedStyle } from './direct-approval-fields.tsx';

export interface DirectApprovalFormProps {
  item: ApprovableItem | null;
  onClearItem: () => void;
  onApproved: (message: string, overCapacity: readonly OverCapacity[]) => void;
  onError: (message: string) => void;
}

/** Approve stock straight into a chosen location (POST /stock-approval/manual-approve). */
export function DirectApprovalForm({ item, onClearItem, onApproved, onError }: DirectApprovalFormProps) {
  const [draft, setDraft] = useState<ApprovalDraft>(() => emptyDraft(todayIso()));
  const [errors, setErrors] = useState<ApprovalErrors>({});
  const approve = useCommand(manualApproveCommand);
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseApproval(draft, choices);
    if (!parsed.body) {
      setErrors(parsed.errors);
      return;
    }
    const where = choices.find((c) => c.id === draft.locationId)?.location ?? '';
    const approved = `Approved ${parsed.body.quantity} × ${draft.styleCode} ${draft.color} into ${where}`;
    approve.run(parsed.body, {
      onSuccess: (answer) => {
        setDraft((d) => ({ ...d, quantity: '1', gatepassNumber: '', notes: '' }));
        onApproved(answer.message ?? approved, answer.data.over_capacity);
      },
      onError: (cause) => {
        const fields = fieldErrorsOf(cause);
        if (Object.keys(fields).length > 0) setErrors(fields);
        else onError(messageOf(cause, 'Failed to approve stock'));
      },
    });
  };

  return (
    <section className="card stack" aria-labelledby="direct-approval-title">
      <h2 className="card-title" id="direct-approval-title">
        Approve Stock
      </h2>
      <Form className="form" onSubmit={submit} validationBehavior="aria" aria-label="Approve stock">
        <SelectedStyle item={item} error={errors.style_code} onClear={onClearItem} />
        <ApprovalFields item={item} draft={draft} errors={errors} set={set} locations={locations} choices={choices} />
        <div className="form-actions">
          <Button type="submit" isDisabled={approve.isPending} aria-busy={approve.isPending || undefined}>
            {approve.isPending ? 'Approving...' : 'Approve Stock'}
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
