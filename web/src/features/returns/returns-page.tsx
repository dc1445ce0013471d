import { useState } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import { ScanCard } from '../../components/scan-card.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { OrderChoice } from './components/order-choice.tsx';
import { OrderReturnPanel } from './components/order-return-panel.tsx';
import { ParcelPanel } from './components/parcel-panel.tsx';
import { ReturnsLists } from './components/returns-lists.tsx';
import { UnmatchedPanel } from './components/unmatched-panel.tsx';
import { WriteOffDialog } from './components/write-off-dialog.tsx';
import { benchHint } from './bench.ts';
import { useReturnsBench } from './hooks/use-returns-bench.ts';
import './returns.css';

/** The returns bench, laid out for a phone: scan what came back, say why and its grade, receive, put it away. */
export function ReturnsPage() {
  const b = useReturnsBench();
  const { bench, feedback } = b.state;
  const [writingOff, setWritingOff] = useState<number | null>(null);
  const parcel = b.parcel.data;
  const writeOffLine = parcel?.lines.find((l) => l.line === writingOff);

  return (
    <section className="page returns-page">
      <PageHeader title="Returns" subtitle="Receive, grade and restock what customers send back" />
      <ScanCard label="Order, SKU, barcode or location" hint={benchHint(bench)} feedback={feedback} onScan={b.onScan} />
      {bench.step === 'scan' && bench.unknown ? (
        <div className="form-actions returns-offer">
          <Button onPress={() => b.dispatch({ type: 'receive-unmatched' })}>Receive without an order</Button>
        </div>
      ) : null}
      {bench.step === 'choose' ? (
        <OrderChoice code={bench.code} orders={bench.orders} onChoose={(order) => b.dispatch({ type: 'order-chosen', order, matching: bench.matching === null ? null : (parcel ?? null) })} />
      ) : null}
      {bench.step === 'order' ? <OrderReturnPanel bench={bench} dispatch={b.dispatch} isPending={b.isPending} onSubmit={b.onSubmit} /> : null}
      {bench.step === 'unmatched' ? <UnmatchedPanel bench={bench} dispatch={b.dispatch} isPending={b.isPending} onSubmit={b.onSubmit} /> : null}
      {bench.step === 'find-order' ? (
        <div className="form-actions returns-offer">
          <Button variant="secondary" onPress={() => b.dispatch({ type: 'opened', id: bench.matching })}>
            Back to the return
          </Button>
        </div>
      ) : null}
      {bench.step === 'parcel' && b.parcel.isError ? <Alert>{messageOf(b.parcel.error, 'Failed to fetch the return')}</Alert> : null}
      {bench.step === 'parcel' && parcel ? (
        <ParcelPanel
          parcel={parcel}
          chosenLine={bench.line}
          canWriteOff={b.canWriteOff}
          isPending={b.isPending}
          dispatch={b.dispatch}
          onPlace={b.place}
          onWriteOff={setWritingOff}
        />
      ) : null}
      {writeOffLine ? (
        <WriteOffDialog line={writeOffLine} onWriteOff={(quantity, note) => b.writeOff(writeOffLine.line, quantity, note)} onClose={() => setWritingOff(null)} />
      ) : null}
      <ReturnsLists onOpen={(id) => b.dispatch({ type: 'opened', id })} />
    </section>
  );
}
