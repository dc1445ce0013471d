import { useQuery } from '@tanstack/react-query';
import type { AuditPage } from '@wh/contracts/reports/http';
import { isRole, ROLE_LABELS } from '@wh/contracts/auth/permissions';
import { eventName } from '@wh/contracts/event-names';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../../components/ui/table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { auditEventsQuery } from '../api/reports-api.ts';
import type { AuditFilterForm, AuditFilters } from '../audit-filters.ts';
import { AuditFiltersPanel } from './audit-filters-panel.tsx';
import { QueryState } from '../../../components/query-state.tsx';

/** The manager's audit view: every event with who, when and what, newest first, 50 a page. */
export function AuditLog({
  filters,
  page,
  onPageChange,
  filtersOpen,
  form,
  onApply,
}: {
  filters: AuditFilters;
  page: number;
  onPageChange: (page: number) => void;
  filtersOpen: boolean;
  form: AuditFilterForm;
  onApply: (form: AuditFilterForm) => void;
}) {
  const query = useQuery(auditEventsQuery(filters, page));
  const state = <QueryState query={query} loading="Loading the audit log..." failure="Failed to fetch the audit log" />;
  const panel = filtersOpen ? <AuditFiltersPanel applied={form} eventTypes={query.data?.event_types ?? []} onApply={onApply} /> : null;
  if (!query.data) {
    return (
      <>
        {panel}
        {state}
      </>
    );
  }
  const { events, pagination } = query.data;
  return (
    <>
      {panel}
      {/* A failed background refetch keeps the rows on screen, and says they may be out of date. */}
      {state}
      <section className="card report-body" aria-labelledby="audit-title" aria-busy={query.isFetching || undefined}>
        <h2 className="card-title" id="audit-title">
          Audit Log
        </h2>
        <p className="muted small" role="status">
          {pagination.total_records === 0
            ? 'No events match these filters.'
            : `Showing ${events.length} of ${pagination.total_records.toLocaleString()} events`}
        </p>
        {events.length > 0 ? <AuditTable events={events} /> : null}
        <Pagination page={pagination.current_page} totalPages={pagination.total_pages} onPageChange={onPageChange} label="Audit pages" maxButtons={7} />
      </section>
    </>
  );
}

/** One row an event: when, who (with their role), the event type and what it touched. */
function AuditTable({ events }: { events: AuditPage['events'] }) {
  return (
    <Table aria-label="Audit events" stackOnMobile>
      <TableHeader>
        <Column isRowHeader>When</Column>
        <Column>Who</Column>
        <Column>Event</Column>
        <Column>What</Column>
      </TableHeader>
      <TableBody items={events.map((e) => ({ ...e, id: e.position }))}>
        {(e) => (
          <Row id={e.position}>
            <Cell label="When">
              <time dateTime={e.occurred_at}>{formatDateTime(e.occurred_at)}</time>
            </Cell>
            <Cell label="Who">
              {e.user_id === null ? (
                <span className="muted">System</span>
              ) : (
                <span className="audit-who">
                  <span>{e.full_name?.trim() || e.username || `User ${e.user_id}`}</span>
                  {e.role ? <span className="muted small">{isRole(e.role) ? ROLE_LABELS[e.role] : e.role}</span> : null}
                </span>
              )}
            </Cell>
            <Cell label="Event">
              <span className="audit-type">{eventName(e.event_type)}</span>
            </Cell>
            <Cell label="What">
              <span className="audit-what">
                <span>{e.summary}</span>
                {e.order_number || e.skus.length > 0 || e.locations.length > 0 ? (
                  <span className="muted small">
                    {[e.order_number, ...e.skus.slice(0, 3), ...e.locations.slice(0, 3)]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                ) : null}
              </span>
            </Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
