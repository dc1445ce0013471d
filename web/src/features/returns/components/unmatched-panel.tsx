import { RETURN_MESSAGES } from '@wh/contracts/returns/http';
import { TextArea } from '../../../components/ui/text-area.tsx';
import { entriesProblem, type BenchEvent, type BenchStep } from '../bench.ts';
import { EntryFields } from './entry-fields.tsx';
import { ReceiptActions } from './receipt-actions.tsx';

type Unmatched = Extract<BenchStep, { step: 'unmatched' }>;

export interface UnmatchedPanelProps {
  bench: Unmatched;
  dispatch: (event: BenchEvent) => void;
  isPending: boolean;
  onSubmit: () => void;
}

/** A parcel that matches no order: a note of what is in it, its units if they scan, then received into Unmatched. */
export function UnmatchedPanel({ bench, dispatch, isPending, onSubmit }: UnmatchedPanelProps) {
  const problem = bench.note.trim() === '' ? RETURN_MESSAGES.noteRequired : entriesProblem(bench.entries);
  return (
    <section className="card returns-order" aria-labelledby="returns-unmatched-title">
      <h2 id="returns-unmatched-title" className="card-title">
        Return without an order
      </h2>
      <TextArea
        label="Note"
        description="The name, address or anything on the slip, so it can be matched later"
        value={bench.note}
        onChange={(note) => dispatch({ type: 'note', note })}
        isRequired
      />
      {bench.entries.map((entry) => (
        <EntryFields key={entry.key} entry={entry} max={1000} dispatch={dispatch} />
      ))}
      <ReceiptActions problem={problem} submitLabel="Receive without an order" isPending={isPending} dispatch={dispatch} onSubmit={onSubmit} />
    </section>
  );
}
