import { overCapacityText } from '@wh/contracts/platform/stock';
import { RETURN_GRADE_LABELS, RETURNS_LOCATION } from '@wh/contracts/returns/events';
import type { ReturnParcelLine } from '@wh/contracts/returns/http';
import { Button } from '../../../components/ui/button.tsx';
import { placeable, reasonLabel } from '../bench.ts';

export interface ParcelLineProps {
  line: ReturnParcelLine;
  /** The line a scanned location takes. */
  isTarget: boolean;
  canPlace: boolean;
  canWriteOff: boolean;
  isPending: boolean;
  onPlace: (location: string, quantity: number) => void;
  onWriteOff: () => void;
}

function placedText(line: ReturnParcelLine): string {
  const parts = line.placed.restocked.map((r) => `${r.quantity} to ${r.location}`);
  if (line.placed.written_off > 0) parts.push(`${line.placed.written_off} written off`);
  if (line.waiting.bench > 0) parts.push(`${line.waiting.bench} at the bench`);
  if (line.waiting.returns > 0) parts.push(`${line.waiting.returns} waiting in ${RETURNS_LOCATION}`);
  return parts.join(', ');
}

/** One line of a received parcel: what it is, where its units went, and where the waiting ones should go. */
export function ParcelLine({ line, isTarget, canPlace, canWriteOff, isPending, onPlace, onWriteOff }: ParcelLineProps) {
  const waiting = placeable(line);
  const to = line.suggestion;
  return (
    <li className={`returns-line ${isTarget ? 'returns-line-target' : ''}`} aria-current={isTarget || undefined}>
      <div className="returns-line-head">
        <span className="returns-line-what">
          <strong>{`${line.quantity} × ${line.sku}`}</strong>
          <span>{`${reasonLabel(line.reason)}${line.reason_note ? `: ${line.reason_note}` : ''} · ${RETURN_GRADE_LABELS[line.grade]}`}</span>
          <span className="text-muted">{placedText(line)}</span>
        </span>
      </div>
      {canPlace && waiting > 0 ? (
        <div className="returns-line-actions">
          {to && to.location !== RETURNS_LOCATION ? (
            <Button onPress={() => onPlace(to.location, waiting)} isDisabled={isPending}>
              {`Restock ${waiting} to ${to.location}`}
            </Button>
          ) : null}
          {line.waiting.bench > 0 ? (
            <Button variant="secondary" onPress={() => onPlace(RETURNS_LOCATION, line.waiting.bench)} isDisabled={isPending}>
              Leave in RETURNS
            </Button>
          ) : null}
          {canWriteOff ? (
            <Button variant="ghost-danger" onPress={onWriteOff} isDisabled={isPending}>
              Write off
            </Button>
          ) : null}
          {to?.over_capacity ? <p className="returns-warning">{overCapacityText(to.over_capacity)}</p> : null}
        </div>
      ) : null}
    </li>
  );
}
