import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DateInput } from '../../../components/ui/date-input.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { TextArea } from '../../../components/ui/text-area.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { countWorkersQuery } from '../api/counts-api.ts';
import { ANYONE, assigneeOptions } from '../count-labels.ts';
import { createRequest, EMPTY_DRAFT, type CreateDraft, type ScopeKind } from '../manage.ts';
import type { CreateCountBody } from '@wh/contracts/counts/http';

const SCOPES: readonly { id: ScopeKind; label: string }[] = [
  { id: 'range', label: 'A range of locations' },
  { id: 'skus', label: 'Where some SKUs are' },
  { id: 'not_counted', label: 'Not counted for some days' },
  { id: 'flagged', label: 'Flagged by a short pick or a discrepancy' },
];

export interface CreateCountFormProps {
  isPending: boolean;
  onCreate: (body: CreateCountBody, onCreated: () => void) => void;
}

/** A new count: which locations, who counts (anyone when nobody is named), by when, and why. */
export function CreateCountForm({ isPending, onCreate }: CreateCountFormProps) {
  const [draft, setDraft] = useState<CreateDraft>(EMPTY_DRAFT);
  const workers = useScreenQuery(countWorkersQuery());
  const edit = (patch: Partial<CreateDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const request = createRequest(draft);
  const assignees = assigneeOptions(workers.data?.workers ?? []);
  return (
    <form
      className="card counts-create"
      aria-labelledby="counts-create-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (request.body) onCreate(request.body, () => setDraft(EMPTY_DRAFT));
      }}
    >
      <h2 id="counts-create-title" className="card-title">
        New count
      </h2>
      <RadioGroup label="What to count" options={SCOPES} value={draft.kind} onChange={(kind) => edit({ kind })} />
      {draft.kind === 'range' ? (
        <div className="counts-fields">
          <TextField label="From location" value={draft.from} onChange={(from) => edit({ from })} placeholder="A-1-1" />
          <TextField label="To location" value={draft.to} onChange={(to) => edit({ to })} placeholder="A-2-5" />
        </div>
      ) : null}
      {draft.kind === 'skus' ? <TextArea label="SKUs" description="One a line, or separated by commas" value={draft.skus} onChange={(skus) => edit({ skus })} /> : null}
      {draft.kind === 'not_counted' ? (
        <NumberField label="Not counted for days" minValue={1} maxValue={3650} value={draft.days ?? Number.NaN} onChange={(days) => edit({ days: Number.isNaN(days) ? null : days })} />
      ) : null}
      <div className="counts-fields">
        <Select label="Who counts" options={assignees} value={draft.assignee === null ? ANYONE : String(draft.assignee)} onChange={(id) => edit({ assignee: id === ANYONE ? null : Number(id) })} />
        <DateInput label="Due" value={draft.due} onChange={(due) => edit({ due })} />
      </div>
      <TextArea label="Note" value={draft.note} onChange={(note) => edit({ note })} />
      <p className="muted counts-problem">{request.problem ?? ''}</p>
      <div className="form-actions">
        <Button type="submit" isDisabled={request.body === null || isPending} aria-busy={isPending || undefined}>
          Create count
        </Button>
      </div>
    </form>
  );
}
