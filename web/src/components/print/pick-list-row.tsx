import { locationTypeLabel } from '@wh/contracts/inventory/events';
import type { OrderItem } from '@wh/contracts/orders/http';
import { shortLabel } from '../../lib/short-label.ts';
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
  /** Still to pick (a box to tick), picked, or recorded short (how many of its units were not found). */
  status: OrderItem['status'];
  shortQuantity: number | null;
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

/** A line: where, the SKU's barcode, the variant, how many, and a box to tick (or what became of it). */
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
        <PickSheetTick line={line} />
      </td>
    </tr>
  );
}

function PickSheetTick({ line }: { line: PickListLine }) {
  switch (line.status) {
    case 'picked':
      return 'Picked';
    case 'short':
      return shortLabel({ quantity: line.quantity, short_quantity: line.shortQuantity });
    case 'pending':
      return (
        <>
          <span className="tick-box" aria-hidden="true" />
          <span className="sr-only">Not picked</span>
        </>
      );
  }
}
