import type { ReturnParcel } from '@wh/contracts/returns/http';
import { RETURN_STATUS_LABELS } from '@wh/contracts/returns/http';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { targetLine, type BenchEvent } from '../bench.ts';
import { ParcelLine } from './parcel-line.tsx';

export interface ParcelPanelProps {
  parcel: ReturnParcel;
  chosenLine: number | null;
  canWriteOff: boolean;
  isPending: boolean;
  dispatch: (event: BenchEvent) => void;
  onPlace: (line: number, location: string, quantity: number) => void;
  onWriteOff: (line: number) => void;
}

const STATUS_TONE = { unmatched: 'warning', waiting: 'info', done: 'success' } as const;

/** A received parcel: its order (or Match to an order), and each line with where its waiting units should go. */
export function ParcelPanel({ parcel, chosenLine, canWriteOff, isPending, dispatch, onPlace, onWriteOff }: ParcelPanelProps) {
  const target = targetLine(parcel, chosenLine);
  const matched = parcel.status !== 'unmatched';
  return (
    <section className="card returns-parcel" aria-labelledby="returns-parcel-title">
      <div className="returns-parcel-head">
        <h2 id="returns-parcel-title" className="card-title">
          {`Return #${parcel.id}${parcel.order ? ` · ${parcel.order.order_number}` : ''}`}
        </h2>
        <Badge tone={STATUS_TONE[parcel.status]}>{RETURN_STATUS_LABELS[parcel.status]}</Badge>
      </div>
      <p className="text-muted">{`Received ${formatDateTime(parcel.received_at)}${parcel.received_by ? ` by ${parcel.received_by}` : ''}`}</p>
      {parcel.note ? <p className="returns-note">{parcel.note}</p> : null}
      <ul className="returns-lines">
        {parcel.lines.map((line) => (
          <ParcelLine
            key={line.line}
            line={line}
            isTarget={matched && line.line === target?.line}
            canPlace={matched}
            canWriteOff={canWriteOff}
            isPending={isPending}
            onPlace={(location, quantity) => onPlace(line.line, location, quantity)}
            onWriteOff={() => onWriteOff(line.line)}
          />
        ))}
      </ul>
      <div className="form-actions">
        {matched ? null : (
          <Button onPress={() => dispatch({ type: 'match-started', id: parcel.id })}>Match to an order</Button>
        )}
        <Button variant="secondary" onPress={() => dispatch({ type: 'restart' })}>
          Next parcel
        </Button>
      </div>
    </section>
  );
}
