import type { OrderItem } from '@wh/contracts/orders/http';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { itemStatusLabel, shortWords } from '../line-words.ts';

/** The row's class: what became of the line (picked, short or not picked). */
export const orderLineClass = (item: OrderItem): string => `verify-item ${item.status === 'pending' ? 'is-unpicked' : `is-${item.status}`}`;

/** A line of the order at the bench: what it is, where it was taken from, and what became of it. */
export function OrderLineFacts({ item }: { item: OrderItem }) {
  return (
    <>
      <div>
        <strong>{item.style_name}</strong>
        <span className="muted small"> {item.sku}</span>
      </div>
      <span className="small">
        Size {item.size} · {item.color} · {item.location ?? 'Location not assigned'} · Qty {item.quantity}
      </span>
      <Badge tone={item.status === 'picked' ? 'success' : 'warning'}>{itemStatusLabel(item)}</Badge>
      {item.status === 'short' ? <span className="small verify-short">{shortWords(item)}</span> : null}
    </>
  );
}

/** A manager's Undo on a picked or short line (none on a line still to pick, or for a verifier). */
export function UndoLineButton({ item, onUndo }: { item: OrderItem; onUndo: ((item: OrderItem) => void) | null }) {
  if (!onUndo || item.status === 'pending') return null;
  return (
    <Button variant="ghost" size="sm" onPress={() => onUndo(item)} aria-label={`Undo: ${item.sku}`}>
      Undo
    </Button>
  );
}
