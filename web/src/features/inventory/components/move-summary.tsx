import { Button } from '../../../components/ui/button.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { itemDetail, type HeldItem, type MoveScanStep } from '../move-scan.ts';

type Moving = Extract<MoveScanStep, { step: 'move' }>;

export interface MoveSummaryProps {
  scan: Moving;
  /** The scanned SKU as the from-location holds it. */
  item: HeldItem | null;
  isReady: boolean;
  isPending: boolean;
  onQuantity: (quantity: number) => void;
  onConfirm: () => void;
  onRestart: () => void;
}

/** The move being put together: from, what, how many, to; confirmed by a press, never by a scan. */
export function MoveSummary({ scan, item, isReady, isPending, onQuantity, onConfirm, onRestart }: MoveSummaryProps) {
  return (
    <section className="card move-summary" aria-labelledby="move-summary-title">
      <h2 id="move-summary-title" className="card-title">
        This move
      </h2>
      <dl className="move-ends">
        <dt>From</dt>
        <dd className="move-code">{scan.from}</dd>
        <dt>Item</dt>
        <dd>
          {scan.sku ? (
            <>
              <span className="move-code">{scan.sku}</span>
              {item ? <span className="move-item-detail">{itemDetail(item)}</span> : null}
            </>
          ) : (
            <span className="muted">Scan an item</span>
          )}
        </dd>
        <dt>To</dt>
        <dd className={scan.to ? 'move-code' : 'muted'}>{scan.to ?? 'Scan the location to move to'}</dd>
      </dl>
      {scan.sku ? (
        <NumberField
          label="Quantity"
          value={scan.quantity}
          minValue={1}
          {...(item ? { maxValue: item.quantity, description: `${item.quantity} at ${scan.from}` } : {})}
          onChange={(n) => onQuantity(n)}
          className="move-quantity"
        />
      ) : null}
      <div className="form-actions">
        <Button onPress={onConfirm} isDisabled={!isReady || isPending}>
          {isPending ? 'Moving...' : 'Confirm move'}
        </Button>
        <Button variant="secondary" onPress={onRestart} isDisabled={isPending}>
          Start over
        </Button>
      </div>
    </section>
  );
}
