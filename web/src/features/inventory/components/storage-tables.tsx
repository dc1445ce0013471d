import type { Bin, JeanRack, RegularRack } from '@wh/contracts/inventory/http';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../../components/ui/table.tsx';
import { UtilisationBar } from '../../../components/ui/utilisation-bar.tsx';
import { firstWithMore } from '../../../lib/lists.ts';
import { BINS_SHOWN, STYLES_PER_BIN, STYLES_PER_RACK } from '../options.ts';
import { StyleList } from './style-list.tsx';

/** A utilisation as a whole percent; null while unknown. */
export const percent = (n: number | null) => (n === null ? null : Math.round(n));

interface StorageRow {
  id: number;
  code: string;
  gender?: string | null;
  stock: number;
  capacity: number | null;
  utilization: number | null;
  styles: readonly string[];
}

const binRow = (b: Bin): StorageRow => ({ id: b.id, code: b.bin_number, stock: b.current_stock, capacity: b.capacity, utilization: b.utilization, styles: b.styles });
const rackRow = (r: RegularRack): StorageRow => ({ id: r.id, code: r.rack_number, stock: r.current_items, capacity: r.capacity, utilization: r.utilization, styles: r.styles });
const jeanRackRow = (r: JeanRack): StorageRow => ({ ...rackRow({ ...r, current_items: r.current_stock }), gender: r.gender });

export function BinsTable({ bins }: { bins: readonly Bin[] }) {
  if (bins.length === 0) return <p className="table-empty">No bins data available</p>;
  const { shown, more } = firstWithMore(bins, BINS_SHOWN);
  return (
    <>
      <StorageTable label="Bins" codeLabel="Bin" rows={shown.map(binRow)} stylesLimit={STYLES_PER_BIN} />
      {more > 0 ? (
        <p className="muted small">
          Showing the first {BINS_SHOWN} of {bins.length} bins.
        </p>
      ) : null}
    </>
  );
}

export function RegularRacksTable({ racks }: { racks: readonly RegularRack[] }) {
  if (racks.length === 0) return <p className="table-empty">No regular racks</p>;
  return <StorageTable label="Regular racks" codeLabel="Rack" rows={racks.map(rackRow)} stylesLimit={STYLES_PER_RACK} />;
}

export function JeanRacksTable({ racks }: { racks: readonly JeanRack[] }) {
  if (racks.length === 0) return <p className="table-empty">No jean racks</p>;
  return <StorageTable label="Jean racks" codeLabel="Rack" rows={racks.map(jeanRackRow)} stylesLimit={STYLES_PER_RACK} withGender />;
}

function StorageTable({ label, codeLabel, rows, stylesLimit, withGender = false }: { label: string; codeLabel: string; rows: readonly StorageRow[]; stylesLimit: number; withGender?: boolean }) {
  return (
    <Table aria-label={label} stackOnMobile>
      <TableHeader>
        <Column isRowHeader>{codeLabel}</Column>
        {withGender ? <Column>Gender</Column> : null}
        <Column>Stock</Column>
        <Column>Utilisation</Column>
        <Column>Styles</Column>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <Row key={row.id} id={row.id}>
            <Cell label={codeLabel}>
              <span className="sku-code">{row.code}</span>
            </Cell>
            {withGender ? <Cell label="Gender">{row.gender ?? '—'}</Cell> : null}
            <Cell label="Stock">
              {row.stock}
              {row.capacity !== null ? ` / ${row.capacity}` : ''}
            </Cell>
            <Cell label="Utilisation">
              <UtilisationBar label={`${row.code} utilisation`} hideLabel percent={percent(row.utilization)} />
            </Cell>
            <Cell label="Styles">
              <StyleList styles={row.styles} limit={stylesLimit} />
            </Cell>
          </Row>
        ))}
      </TableBody>
    </Table>
  );
}
