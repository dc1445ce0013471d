import type { WorkerProductivity } from '@wh/contracts/reports/http';
import { BarChart } from '../../../components/ui/chart.tsx';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../../components/ui/table.tsx';
import { formatDuration } from '../../../lib/format.ts';
import { formatRate } from '../report-options.ts';

/** Per picker: a chart of items and orders, and the table with time per item and discrepancy rate. */
export function PickersSection({ workers, filtered }: { workers: WorkerProductivity['workers']; filtered: boolean }) {
  return (
    <section className="card" aria-labelledby="pickers-title">
      <h2 className="card-title" id="pickers-title">
        Pickers
      </h2>
      {workers.length === 0 ? (
        <p className="muted">{filtered ? 'No picker matches the filter.' : 'Nobody picked in this period.'}</p>
      ) : (
        <>
          <BarChart
            label="Items picked and orders completed per worker"
            categories={workers.map((w) => w.worker_name)}
            series={[
              { id: 'items', label: 'Items picked', values: workers.map((w) => w.items_picked) },
              { id: 'orders', label: 'Orders completed', values: workers.map((w) => w.orders_completed) },
            ]}
            table="none"
          />
          <Table aria-label="Pickers" stackOnMobile>
            <TableHeader>
              <Column isRowHeader>Worker</Column>
              <Column>Items Picked</Column>
              <Column>Units</Column>
              <Column>Orders Completed</Column>
              <Column>Avg Time per Item</Column>
              <Column>Orders Verified</Column>
              <Column>Discrepancy Rate</Column>
            </TableHeader>
            <TableBody items={workers.map((w) => ({ ...w, id: w.worker_id }))}>
              {(w) => (
                <Row id={w.worker_id}>
                  <Cell label="Worker">{w.worker_name}</Cell>
                  <Cell label="Items Picked">{w.items_picked}</Cell>
                  <Cell label="Units">{w.units_picked}</Cell>
                  <Cell label="Orders Completed">{w.orders_completed}</Cell>
                  <Cell label="Avg Time per Item">{formatDuration(w.average_seconds_per_item)}</Cell>
                  <Cell label="Orders Verified">{w.orders_verified}</Cell>
                  <Cell label="Discrepancy Rate">
                    {formatRate(w.discrepancy_rate)}
                    {w.orders_with_discrepancies > 0 ? ` (${w.orders_with_discrepancies} of ${w.orders_verified})` : ''}
                  </Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        </>
      )}
    </section>
  );
}

/** Per verifier: orders verified and how many had discrepancies. */
export function VerifiersSection({ verifiers, filtered }: { verifiers: WorkerProductivity['verifiers']; filtered: boolean }) {
  return (
    <section className="card" aria-labelledby="verifiers-title">
      <h2 className="card-title" id="verifiers-title">
        Verifiers
      </h2>
      {verifiers.length === 0 ? (
        <p className="muted">{filtered ? 'No verifier matches the filter.' : 'Nobody verified an order in this period.'}</p>
      ) : (
        <Table aria-label="Verifiers" stackOnMobile>
          <TableHeader>
            <Column isRowHeader>Verifier</Column>
            <Column>Orders Verified</Column>
            <Column>With Discrepancies</Column>
          </TableHeader>
          <TableBody items={verifiers.map((v) => ({ ...v, id: v.verifier_id }))}>
            {(v) => (
              <Row id={v.verifier_id}>
                <Cell label="Verifier">{v.verifier_name}</Cell>
                <Cell label="Orders Verified">{v.orders_verified}</Cell>
                <Cell label="With Discrepancies">{v.orders_with_discrepancies}</Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
