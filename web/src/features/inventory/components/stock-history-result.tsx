import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { StatCard, StatCards } from '../../../components/ui/stat-card.tsx';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../../components/ui/table.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { asOfQuery, ledgerQuery, type HistoryTarget } from '../api/inventory-api.ts';
import { formatDateTime } from './format.ts';
import { eventName } from '@wh/contracts/event-names';

/** What the target held at the moment asked for, and its movements a page at a time. */
export function HistoryResult({ target, at }: { target: HistoryTarget; at: string }) {
  const what = 'sku' in target ? target.sku : target.location;
  return (
    <>
      <AsOfSection target={target} at={at} what={what} />
      <MovementsSection target={target} what={what} />
    </>
  );
}

interface SectionProps {
  target: HistoryTarget;
  /** The SKU or location code. */
  what: string;
}

function AsOfSection({ target, at, what }: SectionProps & { at: string }) {
  const asOf = useQuery(asOfQuery(target, at));
  return (
    <section className="card" aria-labelledby="as-of-title">
      <h2 className="card-title" id="as-of-title">
        {what} as of {formatDateTime(at, true)}
      </h2>
      {asOf.isError ? <Alert title="Error">{messageOf(asOf.error, 'Failed to fetch stock history')}</Alert> : null}
      {asOf.data ? (
        <>
          <StatCards label="Stock at that moment">
            <StatCard label="Units then" value={asOf.data.total_quantity.toLocaleString()} />
            <StatCard label={'sku' in target ? 'Locations then' : 'SKUs then'} value={asOf.data.stock.length} />
          </StatCards>
          {asOf.data.stock.length > 0 ? (
            <Table aria-label="Stock at that moment" stackOnMobile>
              <TableHeader>
                <Column isRowHeader>{'sku' in target ? 'Location' : 'SKU'}</Column>
                <Column>{'sku' in target ? 'SKU' : 'Location'}</Column>
                <Column>Quantity</Column>
              </TableHeader>
              <TableBody>
                {asOf.data.stock.map((s) => (
                  <Row key={`${s.sku}@${s.location}`} id={`${s.sku}@${s.location}`}>
                    <Cell label={'sku' in target ? 'Location' : 'SKU'}>{'sku' in target ? s.location : s.sku}</Cell>
                    <Cell label={'sku' in target ? 'SKU' : 'Location'}>{'sku' in target ? s.sku : s.location}</Cell>
                    <Cell label="Quantity">{s.quantity}</Cell>
                  </Row>
                ))}
              </TableBody>
            </Table>
          ) : (
            <p className="muted">Nothing was held then.</p>
          )}
        </>
      ) : asOf.isPending ? (
        <p className="muted">Loading...</p>
      ) : null}
    </section>
  );
}

function MovementsSection({ target, what }: SectionProps) {
  const [page, setPage] = useState(1);
  const ledger = useQuery(ledgerQuery(target, page));
  return (
    <section className="card" aria-labelledby="ledger-title">
      <h2 className="card-title" id="ledger-title">
        Movements of {what}
      </h2>
      {ledger.isError ? <Alert title="Error">{messageOf(ledger.error, 'Failed to fetch stock history')}</Alert> : null}
      {ledger.data && ledger.data.movements.length === 0 ? <p className="table-empty">No stock movements recorded</p> : null}
      {ledger.data && ledger.data.movements.length > 0 ? (
        <Table aria-label="Stock movements" stackOnMobile>
          <TableHeader>
            <Column isRowHeader>When</Column>
            <Column>What</Column>
            <Column>SKU</Column>
            <Column>Location</Column>
            <Column>Change</Column>
            <Column>Balance</Column>
            <Column>By</Column>
          </TableHeader>
          <TableBody>
            {ledger.data.movements.map((m) => (
              <Row key={`${m.position}-${m.sku}-${m.location}`} id={`${m.position}-${m.sku}-${m.location}`}>
                <Cell label="When">{formatDateTime(m.recorded_at)}</Cell>
                <Cell label="What">
                  {eventName(m.event_type)}
                  {m.reason ? <span className="muted small block">{m.reason}</span> : null}
                </Cell>
                <Cell label="SKU">{m.sku}</Cell>
                <Cell label="Location">{m.location}</Cell>
                <Cell label="Change">{m.delta > 0 ? <Badge tone="success">+{m.delta}</Badge> : <Badge tone="danger">−{-m.delta}</Badge>}</Cell>
                <Cell label="Balance">{m.running_balance}</Cell>
                <Cell label="By">{m.actor_name ?? '—'}</Cell>
              </Row>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {ledger.data ? (
        <Pagination page={ledger.data.pagination.current_page} totalPages={ledger.data.pagination.total_pages} onPageChange={setPage} label="Movement pages" maxButtons={5} />
      ) : null}
    </section>
  );
}
