import { locationTypeLabel } from '@wh/contracts/inventory/events';
import { Barcode } from '../barcode.tsx';

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

interface PickSheetRowProps {
  line: PickListLine;
  index: number;
  perOrder: boolean;
  withTote: boolean;
}

/** A line: where, the SKU's barcode, the variant, how many, and a box to tick. */
export function PickSheetRow({ line, index, perOrder, withTote }: PickSheetRowProps) {
  return (
    <tr data-sku={line.sku}>
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
      <td className="pick-sheet-tick">
        {line.picked ? (
          'Picked'
        ) : (
          <>
            <span className="tick-box" aria-hidden="true" />
            <span className="sr-only">Not picked</span>
          </>
        )}
      </td>
    </tr>
  );
}
