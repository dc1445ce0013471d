import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { eventName } from '@wh/contracts/event-names';
import { Button } from '../../../components/ui/button.tsx';
import { DateTimeField } from '../../../components/ui/date-time-field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { auditUsersQuery } from '../api/reports-api.ts';
import { EMPTY_AUDIT_FILTERS, type AuditFilterForm } from '../audit-filters.ts';

const ANY = 'any';

/** The audit filters: who, which order, SKU or location, what kind of event, and when. Applied on Apply. */
export function AuditFiltersPanel({
  applied,
  eventTypes,
  onApply,
}: {
  applied: AuditFilterForm;
  eventTypes: readonly string[];
  onApply: (form: AuditFilterForm) => void;
}) {
  const [form, setForm] = useState<AuditFilterForm>(applied);
  const users = useQuery(auditUsersQuery());
  const set = (key: keyof AuditFilterForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const userOptions = [
    { id: ANY, label: 'Anyone' },
    ...(users.data?.users ?? []).map((u) => ({ id: String(u.id), label: `${u.full_name?.trim() || u.username} (@${u.username})` })),
  ];
  const typeOptions = [{ id: ANY, label: 'Any event' }, ...eventTypes.map((t) => ({ id: t, label: eventName(t) }))];
  return (
    <form
      className="card report-filters"
      aria-label="Audit filters"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(form);
      }}
    >
      <div className="report-filter-grid">
        <Select label="User" options={userOptions} value={form.user_id || ANY} onChange={(v) => set('user_id')(v === ANY ? '' : v)} />
        <TextField label="Order" placeholder="#10001" value={form.order_number} onChange={set('order_number')} />
        <TextField label="SKU" placeholder="KN1010-12-WINE" value={form.sku} onChange={set('sku')} />
        <TextField label="Location" placeholder="A-1-1" value={form.location} onChange={set('location')} />
        <Select label="Event type" options={typeOptions} value={form.event_type || ANY} onChange={(v) => set('event_type')(v === ANY ? '' : v)} />
        <DateTimeField label="From" value={form.from} onChange={set('from')} description="Empty: the start of the date range" />
        <DateTimeField label="To" value={form.to} onChange={set('to')} />
      </div>
      <div className="report-filter-actions">
        <Button type="submit">Apply Filters</Button>
        <Button
          variant="secondary"
          onPress={() => {
            setForm(EMPTY_AUDIT_FILTERS);
            onApply(EMPTY_AUDIT_FILTERS);
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}
