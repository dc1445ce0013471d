import { useReducer } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { StockMove } from '@wh/contracts/inventory/http';
import type { SuccessEnvelope } from '@wh/contracts/platform/http';
import { PageHeader } from '../../components/page-header.tsx';
import { ScanCard } from '../../components/scan-card.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { scanCue, useBarcodeScanner } from '../../lib/barcode-scanner.ts';
import { locationStockQuery } from './api/moves-api.ts';
import { HeldStock } from './components/held-stock.tsx';
import { MoveSummary } from './components/move-summary.tsx';
import { MoveWarning } from './components/move-warning.tsx';
import { movedText, useMove } from './components/use-move.ts';
import { INITIAL_MOVE_SCAN, moveScanHint, moveScanReducer, readyMove, type MoveScanEvent } from './move-scan.ts';
import './move-stock.css';

/** Move Stock, laid out for a phone: scan the from-location label, the items, the to-location label, confirm. */
export function MoveStockPage() {
  const [state, dispatch] = useReducer(moveScanReducer, INITIAL_MOVE_SCAN);
  const { scan } = state;
  const from = scan.step === 'move' ? scan.from : null;
  const stock = useQuery({ ...locationStockQuery(from ?? ''), enabled: from !== null });
  // An unknown from-location holds nothing; while its stock is read, scans of items wait.
  const held = stock.isError ? [] : (stock.data?.stock ?? null);
  const mover = useMove();

  const apply = (event: MoveScanEvent) => {
    const next = moveScanReducer(state, event);
    if (next.feedback && next.feedback !== state.feedback) scanCue(next.feedback.tone !== 'error');
    dispatch(event);
  };
  const onScan = (raw: string) => apply({ type: 'scanned', raw, held });
  useBarcodeScanner(onScan);

  const onMoved = (answer: SuccessEnvelope<StockMove>) => apply({ type: 'moved', text: movedText(answer) });
  const ready = readyMove(scan);
  const item = scan.step === 'move' && scan.sku !== null ? (held?.find((h) => h.sku === scan.sku) ?? null) : null;

  return (
    <section className="page move-page">
      <PageHeader title="Move Stock" subtitle="Scan the location label, the items, then the label of where they go" />
      <ScanCard label="Label or SKU" hint={moveScanHint(scan)} feedback={state.feedback} onScan={onScan} />
      {mover.warning ? (
        <MoveWarning warning={mover.warning} isPending={mover.isPending} onConfirm={() => mover.confirm(onMoved)} onCancel={mover.cancel} />
      ) : null}
      {mover.error ? (
        <Alert title="Move refused" onDismiss={mover.reset}>
          {mover.error}
        </Alert>
      ) : null}
      {scan.step === 'move' ? (
        <>
          <MoveSummary
            scan={scan}
            item={item}
            isReady={ready !== null && mover.warning === null}
            isPending={mover.isPending}
            onQuantity={(quantity) => apply({ type: 'quantity', quantity })}
            onConfirm={() => ready && mover.send(ready, onMoved)}
            onRestart={() => {
              mover.cancel();
              dispatch({ type: 'restart' });
            }}
          />
          <HeldStock code={scan.from} stock={stock} />
        </>
      ) : null}
    </section>
  );
}
