import type { Location } from '@wh/contracts/inventory/http';
import { Badge } from '../../../components/ui/badge.tsx';
import { PrintLink } from '../../../components/print/print-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../../components/ui/table.tsx';
import { UtilisationBar } from '../../../components/ui/utilisation-bar.tsx';
import { isLabelled, labelsPrintPath } from '../labels.ts';
import { deactivateBlockedReason } from '../layout.ts';

export type LayoutAction = 'capacity' | 'walk_sequence' | 'deactivate' | 'reactivate';

export interface LayoutTableProps {
  title: string;
  locations: readonly Location[];
  busyCode: string | null;
  onAction: (action: LayoutAction, location: Location) => void;
}

export function LayoutTable({ title, locations, busyCode, onAction }: LayoutTableProps) {
  if (locations.length === 0) return <p className="table-empty">None yet</p>;
  return (
    <Table aria-label={title} stackOnMobile>
      <TableHeader>
        <Column isRowHeader>Code</Column>
        <Column>Stock</Column>
        <Column>Utilisation</Column>
        <Column>Walk Order</Column>
        <Column>Status</Column>
        <Column>Actions</Column>
      </TableHeader>
      <TableBody>
        {locations.map((l) => {
          const blocked = deactivateBlockedReason(l);
          const busy = busyCode === l.code;
          const percent = l.utilization === null ? null : Math.round(l.utilization);
          return (
            <Row key={l.code} id={l.code} className={l.is_active ? '' : 'row-deleted'}>
              <Cell label="Code">
                <span className="sku-code">{l.code}</span>
                {l.gender ? <span className="muted small"> · {l.gender}</span> : null}
              </Cell>
              <Cell label="Stock">
                {l.current_stock} / {l.capacity ?? '∞'}
              </Cell>
              <Cell label="Utilisation">
                <UtilisationBar label={`${l.code} utilisation`} hideLabel percent={percent} />
              </Cell>
              <Cell label="Walk Order">
                {l.location_type === 'receiving' ? 'Last' : l.walk_sequence}
                {l.walk_sequence_override !== null ? <span className="muted small"> (set)</span> : null}
              </Cell>
              <Cell label="Status">{l.is_active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>}</Cell>
              <Cell label="Actions">
                {l.location_type === 'receiving' ? (
                  <span className="muted small">Always open</span>
                ) : (
                  <div className="row-actions">
                    {isLabelled(l) ? (
                      <PrintLink to={labelsPrintPath({ from: l.code, to: l.code })} label={`Print label of ${l.code}`} variant="ghost">
                        Print Label
                      </PrintLink>
                    ) : null}
                    <Button size="sm" variant="ghost" onPress={() => onAction('capacity', l)} isDisabled={busy} aria-label={`Edit capacity of ${l.code}`}>
                      Edit Capacity
                    </Button>
                    <Button size="sm" variant="ghost" onPress={() => onAction('walk_sequence', l)} isDisabled={busy} aria-label={`Edit walk order of ${l.code}`}>
                      Walk Order
                    </Button>
                    {l.is_active ? (
                      <Button
                        size="sm"
                        variant="ghost-danger"
                        onPress={() => onAction('deactivate', l)}
                        isDisabled={busy}
                        aria-label={`Deactivate ${l.code}`}
                        aria-description={blocked ?? undefined}
                      >
                        Deactivate
                      </Button>
                    ) : (
                      <Button size="sm" variant="ghost" onPress={() => onAction('reactivate', l)} isDisabled={busy} aria-label={`Reactivate ${l.code}`}>
                        Reactivate
                      </Button>
                    )}
                  </div>
                )}
              </Cell>
            </Row>
          );
        })}
      </TableBody>
    </Table>
  );
}
