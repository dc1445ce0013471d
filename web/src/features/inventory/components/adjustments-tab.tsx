import { useQuery } from '@tanstack/react-query';
import { PERMISSION_DENIED } from '@wh/contracts/auth/permissions';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { StatCard, StatCards } from '../../../components/ui/stat-card.tsx';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../../components/ui/table.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { adjustmentSummaryQuery, recentAdjustmentsQuery } from '../api/inventory-api.ts';
import { formatDateTime } from './format.ts';
import { MakeAdjustment } from './make-adjustment.tsx';

export const ADJUST_DENIED = PERMISSION_DENIED['inventory:adjust'] ?? '';

export function AdjustmentsTab({ canAdjust }: { canAdjust: boolean }) {
  if (!canAdjust) return <Alert title="No Permission">{ADJUST_DENIED}</Alert>;
  return (
    <Tabs
      label="Adjustments"
      items={[
        { id: 'make', label: 'Make Adjustment', content: <MakeAdjustment /> },
        { id: 'history', label: 'Adjustment History', content: <AdjustmentHistory /> },
      ]}
    />
  );
}

const SUMMARY_DAYS = 30;
const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

function AdjustmentHistory() {
  const summary = useQuery(adjustmentSummaryQuery(SUMMARY_DAYS));
  return (
    <div className="inventory-tab">
      {summary.isError ? <Alert title="Error">{messageOf(summary.error, 'Failed to fetch adjustment summary')}</Alert> : null}
      {summary.data ? (
        <StatCards label={`Adjustments in the last ${SUMMARY_DAYS} days`}>
          <StatCard label={`Adjustments (${SUMMARY_DAYS} days)`} value={summary.data.total_adjustments} />
          <StatCard label="Units In" value={`+${summary.data.units_in}`} note={plural(summary.data.increases, 'increase')} />
          <StatCard label="Units Out" value={`−${summary.data.units_out}`} note={plural(summary.data.decreases, 'decrease')} />
          <StatCard label="Net Change" value={summary.data.net_change > 0 ? `+${summary.data.net_change}` : summary.data.net_change} />
        </StatCards>
      ) : null}
      <RecentAdjustments />
    </div>
  );
}

function RecentAdjustments() {
  const recent = useQuery(recentAdjustmentsQuery());
  if (recent.isError) return <Alert title="Error">{messageOf(recent.error, 'Failed to fetch recent adjustments')}</Alert>;
  if (!recent.data) return <p className="muted">Loading adjustments...</p>;
  const rows = recent.data.adjustments;
  if (rows.length === 0) return <p className="table-empty">No recent adjustments found</p>;
  return (
    <Table aria-label="Adjustment history" stackOnMobile>
      <TableHeader>
        <Column isRowHeader>Date</Column>
        <Column>SKU</Column>
        <Column>Location</Column>
        <Column>Change</Column>
        <Column>Quantity</Column>
        <Column>Reason</Column>
        <Column>By</Column>
      </TableHeader>
      <TableBody>
        {rows.map((a) => (
          <Row key={a.id} id={a.id}>
            <Cell label="Date">{formatDateTime(a.adjusted_at)}</Cell>
            <Cell label="SKU">
              <span className="sku-code">{a.sku}</span>
            </Cell>
            <Cell label="Location">{a.location}</Cell>
            <Cell label="Change">
              {a.adjustment_type === 'increase' ? (
                <Badge tone="success">+{a.adjustment_quantity}</Badge>
              ) : (
                <Badge tone="danger">−{a.adjustment_quantity}</Badge>
              )}
            </Cell>
            <Cell label="Quantity">
              {a.old_quantity} → {a.new_quantity}
            </Cell>
            <Cell label="Reason">
              {a.reason}
              {a.notes ? <span className="muted small block">{a.notes}</span> : null}
            </Cell>
            <Cell label="By">{a.adjusted_by ?? '—'}</Cell>
          </Row>
        ))}
      </TableBody>
    </Table>
  );
}
