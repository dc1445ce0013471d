import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../../components/ui/table.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { countFlagsQuery } from '../api/count-flags-api.ts';

/** Locations flagged for a count: where a picker could not find what the stock records say is there, why and when. */
export function CountFlagsCard() {
  const flags = useQuery(countFlagsQuery());
  const data = flags.data;
  return (
    <section className="card" aria-labelledby="count-flags-title">
      <h2 className="card-title" id="count-flags-title">
        Flagged for a Count{data && data.locations > 0 ? ` (${data.locations.toLocaleString()})` : ''}
      </h2>
      {flags.isError ? <Alert>{messageOf(flags.error, 'Failed to fetch the locations to count')}</Alert> : null}
      {flags.isPending ? <p className="muted">Loading...</p> : null}
      {data && data.flags.length === 0 ? <p className="table-empty">No locations flagged for a count</p> : null}
      {data && data.flags.length > 0 ? (
        <Table aria-label="Locations flagged for a count" stackOnMobile>
          <TableHeader>
            <Column isRowHeader>Location</Column>
            <Column>SKU</Column>
            <Column>Why</Column>
            <Column>Flagged</Column>
          </TableHeader>
          <TableBody>
            {data.flags.map((f) => (
              <Row key={`${f.location}|${f.order_id}|${f.sku}`} id={`${f.location}|${f.order_id}|${f.sku}`}>
                <Cell>{f.location}</Cell>
                <Cell>{f.sku}</Cell>
                <Cell>{f.reason}</Cell>
                <Cell>
                  {formatDateTime(f.flagged_at)}
                  {f.flagged_by ? ` by ${f.flagged_by.full_name ?? f.flagged_by.username}` : ''}
                </Cell>
              </Row>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {data && data.total > data.flags.length ? (
        <p className="muted small">
          Showing the newest {data.flags.length} of {data.total.toLocaleString()} flags.
        </p>
      ) : null}
    </section>
  );
}
