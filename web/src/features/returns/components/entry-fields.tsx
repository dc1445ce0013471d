import { RETURN_GRADE_LABELS, RETURN_GRADES, RETURN_REASONS, type ReturnGrade, type ReturnReason } from '@wh/contracts/returns/events';
import { Button } from '../../../components/ui/button.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { reasonLabel, type BenchEvent, type Entry } from '../bench.ts';

const REASONS = RETURN_REASONS.map((id) => ({ id, label: reasonLabel(id) }));
const GRADES = RETURN_GRADES.map((id) => ({ id, label: RETURN_GRADE_LABELS[id] }));

export interface EntryFieldsProps {
  entry: Entry;
  /** The most units it can hold: what the line has left to come back. */
  max: number;
  dispatch: (event: BenchEvent) => void;
}

/** Units of one SKU that came back for one reason: how many, why, and their grade (A unless said). */
export function EntryFields({ entry, max, dispatch }: EntryFieldsProps) {
  const { key } = entry;
  return (
    <fieldset className="returns-entry">
      <legend className="sr-only">{`${entry.sku}: ${entry.quantity} ${entry.quantity === 1 ? 'unit' : 'units'}`}</legend>
      <div className="returns-entry-quantity">
        <NumberField
          label={`Units of ${entry.sku}`}
          minValue={0}
          maxValue={max}
          value={entry.quantity}
          onChange={(quantity) => dispatch({ type: 'quantity', key, quantity: Number.isNaN(quantity) ? 0 : quantity })}
        />
        {entry.quantity > 1 ? (
          <Button variant="ghost" size="sm" onPress={() => dispatch({ type: 'split', key })}>
            One unit differs
          </Button>
        ) : null}
      </div>
      <RadioGroup<ReturnReason>
        label="Why it came back"
        orientation="horizontal"
        options={REASONS}
        value={entry.reason}
        onChange={(reason) => dispatch({ type: 'reason', key, reason })}
      />
      {entry.reason === 'other' ? (
        <TextField label="What was wrong" value={entry.reason_note} onChange={(note) => dispatch({ type: 'reason-note', key, note })} isRequired />
      ) : null}
      <RadioGroup<ReturnGrade> label="Grade" orientation="horizontal" options={GRADES} value={entry.grade} onChange={(grade) => dispatch({ type: 'grade', key, grade })} />
    </fieldset>
  );
}
