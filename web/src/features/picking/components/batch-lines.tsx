// A batch's lines, each naming its tote and order: those to pick (the panel's list), and those picked or short behind
// "Picked (N)", each with Undo until the batch is completed.
import type { BatchLine } from '@wh/contracts/orders/http';
import { Disclosure } from '../../../components/ui/disclosure.tsx';
import type { PendingMark } from '../pick-queue.ts';
import { PickItemRow } from './pick-panel-parts.tsx';

export interface BatchLineRowProps {
  line: BatchLine;
  pending?: PendingMark | undefined;
  picking: boolean;
  busy: boolean;
  onPick: (line: BatchLine) => void;
  onShort: (line: BatchLine) => void;
  onUndo: (line: BatchLine) => void;
}

export function BatchLineRow({ line, pending, picking, busy, onPick, onShort, onUndo }: BatchLineRowProps) {
  return (
    <PickItemRow
      item={line}
      pending={pending}
      picking={picking}
      busy={busy}
      pickLabel={`Pick ${line.sku} for ${line.order_number}`}
      heading={
        <span className="pick-tote">
          Tote {line.slot} · {line.order_number}
        </span>
      }
      orderNumber={line.order_number}
      doneLabel={`Picked into Tote ${line.slot}`}
      onPick={() => onPick(line)}
      onShort={() => onShort(line)}
      onUndo={() => onUndo(line)}
    />
  );
}

export interface BatchDoneLinesProps {
  /** Picked or short, as the server lists them, but those the list to pick still shows (a line just picked). */
  lines: readonly BatchLine[];
  busy: boolean;
  onUndo: (line: BatchLine) => void;
}

/** The lines already picked or short, out of the list to pick: a wrong pick noticed later is undone here. */
export function BatchDoneLines({ lines, busy, onUndo }: BatchDoneLinesProps) {
  if (lines.length === 0) return null;
  const none = () => {};
  return (
    <div className="batch-done">
      <Disclosure title={`Picked (${lines.length})`} level={3}>
        <ul className="scroll-list pick-items" aria-label="Picked items">
          {lines.map((line) => (
            <BatchLineRow key={line.id} line={line} picking={false} busy={busy} onPick={none} onShort={none} onUndo={onUndo} />
          ))}
        </ul>
      </Disclosure>
    </div>
  );
}
