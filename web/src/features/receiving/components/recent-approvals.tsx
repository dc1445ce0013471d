import { locationTypeLabel } from '@wh/contracts/inventory/events';
import { Alert } from '../../../components/ui/alert.tsx';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../../components/ui/table.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { RECENT_APPROVALS, recentApprovalsQuery } from '../api/receiving-api.ts';

const COLUMNS = ['Date', 'Style', 'SKU', 'Colour', 'Size', 'Qty', 'Location', 'Gatepass', 'Approved By'] as const;

export function RecentApprovals() {
  const recent = useScreenQuery(recentApprovalsQuery());
  return (
    <section className="card stack" aria-labelledby="recent-approvals-title">
      <h2 className="card-title" id="recent-approvals-title">
        Recent Approvals
      </h2>
      <p className="muted small">The last {RECENT_APPROVALS.days} days, newest first (at most {RECENT_APPROVALS.limit}).</p>
      {recent.isError ? <Alert>{messageOf(recent.error, 'Failed to fetch recent approvals')}</Alert> : null}
      <Table aria-label="Recent approvals" stackOnMobile>
        <TableHeader>
          {COLUMNS.map((c, i) => (
            <Column key={c} isRowHeader={i === 2}>
              {c}
            </Column>
          ))}
        </TableHeader>
        <TableBody
          items={recent.data?.approvals ?? []}
          renderEmptyState={() => (
            <p className="table-empty">{recent.isPending ? 'Loading approvals...' : 'No recent approvals found'}</p>
          )}
        >
          {(a) => (
            <Row id={a.id}>
              <Cell label="Date">{a.date}</Cell>
              <Cell label="Style">{a.style_code}</Cell>
              <Cell label="SKU">{a.sku}</Cell>
              <Cell label="Colour">{a.color}</Cell>
              <Cell label="Size">{a.size}</Cell>
              <Cell label="Qty">{a.quantity}</Cell>
              <Cell label="Location">
                {a.location} <span className="muted small">({locationTypeLabel(a.location_type)})</span>
              </Cell>
              <Cell label="Gatepass">{a.gatepass_number ?? '—'}</Cell>
              <Cell label="Approved By">{a.approved_by ?? '—'}</Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </section>
  );
}
