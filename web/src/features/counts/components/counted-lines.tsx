import { Button } from '../../../components/ui/button.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { unitCount } from '../../../lib/format.ts';
import { countBody, countedUnits, emptyBody, type CountingEvent, type OpenLocation } from '../counting.ts';

export interface CountedLinesProps {
  open: OpenLocation;
  isPending: boolean;
  dispatch: (event: CountingEvent) => void;
  onSend: (body: ReturnType<typeof countBody>) => void;
}

/**
 * What the counter found at the open location, SKU by SKU, each quantity editable. Sending is a press of Send count:
 * no Enter in a field sends, so a scanner's Enter cannot.
 */
export function CountedLines({ open, isPending, dispatch, onSend }: CountedLinesProps) {
  const listed = open.lines.length > 0;
  return (
    <section className="card counts-open" aria-labelledby="counts-open-title">
      <h2 id="counts-open-title" className="card-title">{`Counting ${open.location}`}</h2>
      {listed ? (
        <ul className="counts-lines">
          {open.lines.map((l) => (
            <li key={l.sku} className="counts-line">
              <NumberField
                label={`Units of ${l.sku}`}
                minValue={0}
                maxValue={1_000_000}
                value={l.counted}
                onChange={(counted) => dispatch({ type: 'quantity', sku: l.sku, counted: Number.isNaN(counted) ? 0 : counted })}
              />
              <Button variant="ghost-danger" size="sm" aria-label={`Remove ${l.sku}`} onPress={() => dispatch({ type: 'line-removed', sku: l.sku })}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Nothing counted here yet: scan each unit, or type its SKU.</p>
      )}
      <div className="form-actions">
        <Button variant="secondary" isDisabled={!listed || isPending} onPress={() => dispatch({ type: 'cleared' })}>
          Clear
        </Button>
        <Button variant="secondary" isDisabled={listed || isPending} onPress={() => onSend(emptyBody(open))}>
          Location is empty
        </Button>
        <Button isDisabled={!listed || isPending} aria-busy={isPending || undefined} onPress={() => onSend(countBody(open))}>
          {listed ? `Send count (${unitCount(countedUnits(open))})` : 'Send count'}
        </Button>
      </div>
    </section>
  );
}
