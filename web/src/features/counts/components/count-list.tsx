import { COUNT_SOURCE_LABELS } from '@wh/contracts/counts/events';
import { countLabel, type CountView } from '@wh/contracts/counts/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../../components/ui/table.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { formatDay } from '../../../lib/format.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { countListQuery } from '../api/counts-api.ts';

const VIEWS: readonly { id: CountView; label: string; empty: string }[] = [
  { id: 'open', label: 'Open', empty: 'No count is open.' },
  { id: 'settled', label: 'To approve', empty: 'No count waits for approval.' },
  { id: 'done', label: 'Done', empty: 'No count is done yet.' },
];
const COLUMNS = ['Count', 'Why', 'Who counts', 'Due', 'Locations', ''] as const;

function CountsTable({ view, page, empty, onPage, onOpen }: { view: CountView; page: number; empty: string; onPage: (page: number) => void; onOpen: (id: number) => void }) {
  const list = useScreenQuery(countListQuery(view, page));
  return (
    <>
      {list.isError ? <Alert>{messageOf(list.error, 'Failed to fetch counts')}</Alert> : null}
      <Table aria-label={`${VIEWS.find((v) => v.id === view)?.label ?? view} counts`} stackOnMobile>
        <TableHeader>
          {COLUMNS.map((c, i) => (
            <Column key={c || 'open'} isRowHeader={i === 0}>
              {c}
            </Column>
          ))}
        </TableHeader>
        <TableBody items={list.data?.counts ?? []} renderEmptyState={() => <p className="table-empty">{list.isPending ? 'Loading counts...' : empty}</p>}>
          {(t) => (
            <Row id={t.id}>
              <Cell label="Count">{countLabel(t.id)}</Cell>
              <Cell label="Why">{t.reason ?? COUNT_SOURCE_LABELS[t.source]}</Cell>
              <Cell label="Who counts">{t.assignee ? (t.assignee.full_name ?? t.assignee.username) : 'Anyone'}</Cell>
              <Cell label="Due">{t.due ? formatDay(t.due) : '-'}</Cell>
              <Cell label="Locations">{`${t.counts.locations} (${t.counts.to_count + t.counts.recount} to count, ${t.counts.settled} to approve)`}</Cell>
              <Cell>
                <Button variant="secondary" size="sm" onPress={() => onOpen(t.id)} aria-label={`Open ${countLabel(t.id)}`}>
                  Open
                </Button>
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      <Pagination page={page} totalPages={list.data?.pagination.total_pages ?? 1} onPageChange={onPage} label={`Pages of ${view} counts`} maxButtons={5} />
    </>
  );
}

export interface CountListProps {
  view: CountView;
  page: number;
  onView: (view: CountView) => void;
  onPage: (page: number) => void;
  onOpen: (id: number) => void;
}

/** The counts by where they stand: open, settled and waiting for approval, done. */
export function CountList({ view, page, onView, onPage, onOpen }: CountListProps) {
  return (
    <section className="card counts-list" aria-label="Counts">
      <Tabs
        label="Counts by status"
        selectedKey={view}
        onSelectionChange={(key) => onView(VIEWS.find((v) => v.id === key)?.id ?? 'open')}
        items={VIEWS.map((v) => ({ id: v.id, label: v.label, content: <CountsTable view={v.id} page={page} empty={v.empty} onPage={onPage} onOpen={onOpen} /> }))}
      />
    </section>
  );
}
