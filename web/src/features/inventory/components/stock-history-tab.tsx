import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DateTimeField } from '../../../components/ui/date-time-field.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { StatCard, StatCards } from '../../../components/ui/stat-card.tsx';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../../components/ui/table.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { asOfQuery, ledgerQuery, type HistoryTarget } from '../api/inventory-api.ts';
import { movementLabel, parseHistory, toLocalInput, type HistoryBy } from '../history-input.ts';
import { formatDateTime } from './format.ts';

const BY_OPTIONS = [
  { id: 'sku' as const, label: 'SKU' },
  { id: 'location' as const, label: 'Location' },
];

// The movement ledger of a SKU or a location, and what it held at a chosen past moment.
export function StockHistoryTab() {
  // Opened from a search result or a location (?tab=history&sku=... or &location=...), it shows that history at once.
  const [params] = useSearchParams();
  const linked: { by: HistoryBy; code: string } | null = params.get('sku')
    ? { by: 'sku', code: params.get('sku') ?? '' }
    : params.get('location')
      ? { by: 'location', code: params.get('location') ?? '' }
      : null;
  const [by, setBy] = useState<HistoryBy>(linked?.by ?? 'sku');
  const [code, setCode] = useState(linked?.code ?? '');
  const [at, setAt] = useState(() => toLocalInput(new Date()));
  const [errors, setErrors] = useState<Partial<Record<'code' | 'at', string>>>({});
  const [shown, setShown] = useState<{ target: HistoryTarget; at: string } | null>(() => {
    if (!linked) return null;
    const parsed = parseHistory(linked.by, linked.code, at);
    return 'errors' in parsed ? null : parsed;
  });

  const submit = () => {
    const parsed = parseHistory(by, code, at);
    if ('errors' in parsed) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    setShown(parsed);
  };

  return (
    <div className="inventory-tab">
      <form
        className="card history-form"
        aria-label="Stock history"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <RadioGroup<HistoryBy>
          label="History of"
          orientation="horizontal"
          options={BY_OPTIONS}
          value={by}
          onChange={(next) => {
            setBy(next);
            setErrors({});
          }}
        />
        <TextField
          label={by === 'sku' ? 'SKU' : 'Location'}
          placeholder={by === 'sku' ? 'e.g. DR1000-8-BEIGE' : 'e.g. A-1-1'}
          value={code}
          onChange={(v) => setCode(v.toUpperCase())}
          errorMessage={errors.code}
          isRequired
        />
        <DateTimeField label="Stock as of" value={at} onChange={setAt} errorMessage={errors.at} withSeconds isRequired />
        <div className="filter-actions">
          <Button type="submit">Show History</Button>
          <Button variant="secondary" onPress={() => setAt(toLocalInput(new Date()))}>
            Now
          </Button>
        </div>
      </form>

      {shown ? <HistoryResult key={JSON.stringify(shown)} target={shown.target} at={shown.at} /> : null}
    </div>
  );
}

function HistoryResult({ target, at }: { target: HistoryTarget; at: string }) {
  const [page, setPage] = useState(1);
  const asOf = useQuery(asOfQuery(target, at));
  const ledger = useQuery(ledgerQuery(target, page));
  const what = 'sku' in target ? target.sku : target.location;
  return (
    <>
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
                    {movementLabel(m.event_type)}
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
    </>
  );
}
