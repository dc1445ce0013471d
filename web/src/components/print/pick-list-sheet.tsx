import { Barcode } from '../barcode.tsx';
import { PickSheetRow, type PickListLine } from './pick-list-row.tsx';
import './print.css';

export type { PickListLine } from './pick-list-row.tsx';

export interface PickListSheetProps {
  title: string;
  /** The one order the list is for, printed with its barcode; a batch list names each line's order instead. */
  orderNumber?: string;
  /** Label and value pairs under the title: worker, status, date. */
  details?: readonly { label: string; value: string }[];
  /** In walk order, as the server lists them. */
  lines: readonly PickListLine[];
}

/** One A4 pick list: the lines in the order given, each SKU with its Code 128 barcode and a box to tick. */
export function PickListSheet({ title, orderNumber, details = [], lines }: PickListSheetProps) {
  const perOrder = lines.some((l) => l.orderNumber !== undefined);
  const withTote = lines.some((l) => l.tote !== undefined);
  return (
    <article className="print-sheet pick-sheet" aria-labelledby="pick-sheet-title">
      <PickSheetHead title={title} orderNumber={orderNumber} details={details} lines={lines} />
      <table className="pick-sheet-table">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Location</th>
            <th scope="col">SKU</th>
            <th scope="col">Style</th>
            <th scope="col">Size</th>
            <th scope="col">Colour</th>
            <th scope="col">Qty</th>
            {perOrder ? <th scope="col">Order</th> : null}
            {withTote ? <th scope="col">Tote</th> : null}
            <th scope="col">Picked</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            <PickSheetRow key={line.key} line={line} index={index} perOrder={perOrder} withTote={withTote} />
          ))}
        </tbody>
      </table>
    </article>
  );
}

/** The title, the details with the line and unit counts, and the one order's barcode. */
function PickSheetHead({ title, orderNumber, details = [], lines }: PickListSheetProps) {
  const units = lines.reduce((sum, l) => sum + l.quantity, 0);
  return (
    <header className="pick-sheet-head">
      <div>
        <h2 id="pick-sheet-title" className="pick-sheet-title">
          {title}
        </h2>
        <dl className="pick-sheet-details">
          {details.map((d) => (
            <div key={d.label}>
              <dt>{d.label}</dt>
              <dd>{d.value}</dd>
            </div>
          ))}
          <div>
            <dt>Items</dt>
            <dd>
              {lines.length} lines, {units} units
            </dd>
          </div>
        </dl>
      </div>
      {orderNumber ? (
        <div className="pick-sheet-order">
          <Barcode value={orderNumber} heightMm={14} />
          <span className="pick-sheet-order-number">{orderNumber}</span>
        </div>
      ) : null}
    </header>
  );
}
