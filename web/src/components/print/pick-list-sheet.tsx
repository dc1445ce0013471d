import { Barcode } from '../barcode.tsx';
import { locationTypeLabel } from '../../lib/location-types.ts';
import './print.css';

export interface PickListLine {
  /** Unique within the list (an order item's id). */
  key: string | number;
  sku: string;
  styleName: string;
  size: string;
  color: string;
  quantity: number;
  location: string | null;
  locationType: string | null;
  picked: boolean;
  /** A batch list's lines say which order each goes to, and its tote or slot. */
  orderNumber?: string;
  tote?: string;
}

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
  const units = lines.reduce((sum, l) => sum + l.quantity, 0);
  return (
    <article className="print-sheet pick-sheet" aria-labelledby="pick-sheet-title">
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
            <tr key={line.key} data-sku={line.sku}>
              <td>{index + 1}</td>
              <td className="pick-sheet-location">
                {line.location ? (
                  <>
                    <strong>{line.location}</strong>
                    {line.locationType ? <span className="small"> {locationTypeLabel(line.locationType)}</span> : null}
                  </>
                ) : (
                  'Location not assigned'
                )}
              </td>
              <th scope="row" className="pick-sheet-sku">
                <Barcode value={line.sku} heightMm={9} />
                <span>{line.sku}</span>
              </th>
              <td>{line.styleName}</td>
              <td>{line.size}</td>
              <td>{line.color}</td>
              <td className="pick-sheet-qty">{line.quantity}</td>
              {perOrder ? <td>{line.orderNumber ?? ''}</td> : null}
              {withTote ? <td>{line.tote ?? ''}</td> : null}
              <td className="pick-sheet-tick">{line.picked ? (
                  'Picked'
                ) : (
                  <>
                    <span className="tick-box" aria-hidden="true" />
                    <span className="sr-only">Not picked</span>
                  </>
                )}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
