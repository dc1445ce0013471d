import type { BatchDetail, BatchLine } from '@wh/contracts/orders/http';
import { PrintLink } from '../../../components/print/print-link.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { itemCount } from '../../../lib/format.ts';
import { batchPickListPath } from '../../../lib/print-paths.ts';
import { batchDone, linesShown, type KeptLine, type PickError } from '../picking-state.ts';
import type { PendingMark } from '../pick-queue.ts';
import { BatchDoneLines, BatchLineRow } from './batch-lines.tsx';
import { PickErrorAlert } from './pick-error-alert.tsx';
import { PickProgressFoot } from './pick-panel-parts.tsx';

export interface PickingBatchPanelProps {
  batchId: number;
  batch: BatchDetail | undefined;
  loadError: string | null;
  pickingItemId: number | null;
  /** Lines picked on this phone whose picks the server has not recorded yet. */
  pending: ReadonlyMap<number, PendingMark>;
  completing: boolean;
  error: PickError | null;
  /** The line just picked, listed until the next scan or pick though the server no longer lists it. */
  keptLine: KeptLine | null;
  onDismissError: () => void;
  onPick: (line: BatchLine, from?: string) => void;
  onShort: (line: BatchLine) => void;
  onUndo: (line: BatchLine) => void;
  onComplete: (batch: BatchDetail) => void;
}

/**
 * One combined list for a batch: every unpicked line of its orders in walk order, each naming its order and tote; the
 * lines picked or short apart, to undo.
 */
export function PickingBatchPanel(props: PickingBatchPanelProps) {
  const { batchId, batch, loadError, pickingItemId, pending, completing, error, keptLine, onDismissError, onPick, onShort, onUndo, onComplete } = props;
  if (!batch) {
    return (
      <section className="card picking-panel" aria-label={`Batch ${batchId}`}>
        {loadError ? <Alert title="Error">{loadError}</Alert> : <p className="muted" role="status">Loading batch...</p>}
      </section>
    );
  }
  const busy = pickingItemId !== null || completing;
  const { done, short } = batchDone(batch);
  const retry = error ? batch.lines.find((l) => l.id === error.itemId) : undefined;
  const shown = linesShown(batch.lines, keptLine);
  return (
    <section className="card picking-panel" aria-label={`Batch ${batch.id}`}>
      <header className="picking-panel-head">
        <div>
          <h2 className="card-title">Batch {batch.id}</h2>
          <p className="muted small">
            {batch.orders.length} orders · {itemCount(batch.total_items)}
          </p>
        </div>
        <div className="picking-panel-tools">
          <PrintLink to={batchPickListPath(batch.id)}>Print Pick List</PrintLink>
          <Badge tone="accent">Batch</Badge>
        </div>
      </header>
      <ul className="batch-totes" aria-label="Totes">
        {batch.orders.map((o) => (
          <li key={o.order_id}>
            <strong>Tote {o.slot}</strong> {o.order_number}
          </li>
        ))}
      </ul>
      {error ? (
        <PickErrorAlert
          error={error}
          busy={busy}
          onDismiss={onDismissError}
          onRetry={retry ? (location) => onPick(retry, location) : null}
          onShort={retry?.status === 'pending' ? () => onShort(retry) : null}
        />
      ) : null}
      <ul className="scroll-list pick-items" aria-label="Items to pick">
        {shown.map((line) => (
          <BatchLineRow
            key={line.id}
            line={line}
            pending={pending.get(line.id)}
            picking={pickingItemId === line.id}
            busy={busy}
            onPick={onPick}
            onShort={onShort}
            onUndo={onUndo}
          />
        ))}
      </ul>
      <BatchDoneLines lines={batch.done_lines.filter((l) => !shown.some((s) => s.id === l.id))} busy={busy} onUndo={onUndo} />
      <PickProgressFoot
        done={done}
        short={short}
        total={batch.total_items}
        busy={busy}
        completing={completing}
        completeLabel="Complete Batch"
        onComplete={() => onComplete(batch)}
      />
    </section>
  );
}
