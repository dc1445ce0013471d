import { useState } from 'react';
import { RETURN_STATUS_LABELS, type ReturnView } from '@wh/contracts/returns/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../../components/ui/table.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { returnListQuery } from '../api/returns-api.ts';

const VIEWS: readonly { id: ReturnView; label: string; empty: string }[] = [
  { id: 'unmatched', label: 'Unmatched returns', empty: 'No parcel waits for its order.' },
  { id: 'waiting', label: 'Waiting to be put away', empty: 'Every returned unit is put away.' },
  { id: 'recent', label: 'Recent', empty: 'No returns yet.' },
];
const COLUMNS = ['Return', 'Order', 'Received', 'Units', 'Waiting', 'Status', ''] as const;

/** One list of parcels, a page at a time; Open puts the parcel on the bench. */
function ReturnsTable({ view, empty, onOpen }: { view: ReturnView; empty: string; onOpen: (id: number) => void }) {
  const [page, setPage] = useState(1);
  const list = useScreenQuery(returnListQuery(view, page));
  const pages = list.data?.pagination.total_pages ?? 1;
  return (
    <>
      {list.isError ? <Alert>{messageOf(list.error, 'Failed to fetch returns')}</Alert> : null}
      <Table aria-label={VIEWS.find((v) => v.id === view)?.label ?? view} stackOnMobile>
        <TableHeader>
          {COLUMNS.map((c, i) => (
            <Column key={c || 'open'} isRowHeader={i === 0}>
              {c}
            </Column>
          ))}
        </TableHeader>
        <TableBody items={list.data?.returns ?? []} renderEmptyState={() => <p className="table-empty">{list.isPending ? 'Loading returns...' : empty}</p>}>
          {(r) => (
            <Row id={r.id}>
              <Cell label="Return">{`#${r.id}`}</Cell>
              <Cell label="Order">{r.order_number ?? r.note ?? '—'}</Cell>
              <Cell label="Received">{`${formatDateTime(r.received_at)}${r.received_by ? ` · ${r.received_by}` : ''}`}</Cell>
              <Cell label="Units">{r.units}</Cell>
              <Cell label="Waiting">{r.in_returns > 0 ? `${r.waiting} (${r.in_returns} in RETURNS)` : r.waiting}</Cell>
              <Cell label="Status">{RETURN_STATUS_LABELS[r.status]}</Cell>
              <Cell>
                <Button variant="secondary" size="sm" onPress={() => onOpen(r.id)} aria-label={`Open return #${r.id}`}>
                  Open
                </Button>
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      <Pagination page={page} totalPages={pages} onPageChange={setPage} label={`Pages of ${view} returns`} maxButtons={5} />
    </>
  );
}

/** The bench's lists: parcels waiting for their order, units waiting to be put away, and the latest parcels. */
export function ReturnsLists({ onOpen }: { onOpen: (id: number) => void }) {
  return (
    <section className="card returns-lists" aria-label="Returns lists">
      <Tabs label="Returns lists" defaultSelectedKey="unmatched" items={VIEWS.map((v) => ({ id: v.id, label: v.label, content: <ReturnsTable view={v.id} empty={v.empty} onOpen={onOpen} /> }))} />
    </section>
  );
}
