import { useState } from 'react';
import type { OrderItem, OrderSummary, ResolveHoldBody, SendBackBody } from '@wh/contracts/orders/http';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';

type Hold = NonNullable<OrderSummary['hold']>;

export interface HoldActionsProps {
  hold: Hold;
  items: readonly OrderItem[];
  pending: boolean;
  onSendBack: (body: SendBackBody) => void;
  onResolve: (body: ResolveHoldBody) => void;
  onCancel: () => void;
}

/** What the form starts from: the held lines and what each expects. */
export const holdActionsKey = (hold: Hold): string => hold.lines.map((l) => `${l.item_id}:${l.expected}`).join(',');

/**
 * Send back: the lines chosen (the held ones to start with) are to pick again on the picker's phone. Resolve: each held
 * line shipped as counted (fewer if so), the missing units back where they were picked, for a count; then verified. A
 * line whose pick was undone here is held, not picked: sent back it is picked again, resolved it ships short in full.
 */
export function HoldActions({ hold, items, pending, onSendBack, onResolve, onCancel }: HoldActionsProps) {
  const [chosen, setChosen] = useState<number[]>(hold.lines.map((l) => l.item_id));
  const [shipped, setShipped] = useState<Record<number, number>>(Object.fromEntries(hold.lines.map((l) => [l.item_id, Math.min(l.counted, l.expected)])));
  const [reason, setReason] = useState('');
  const missingReason = reason.trim() === '';
  const toggle = (id: number, on: boolean) => setChosen((c) => (on ? [...c, id] : c.filter((x) => x !== id)));
  return (
    <div className="verify-hold-actions">
      <fieldset className="discrepancies">
        <legend className="field-label">Send back to the picker</legend>
        {items
          .filter((i) => i.status !== 'pending' || hold.lines.some((l) => l.item_id === i.id))
          .map((i) => (
            <Checkbox key={i.id} isSelected={chosen.includes(i.id)} onChange={(on) => toggle(i.id, on)}>
              Pick {i.sku} again
            </Checkbox>
          ))}
      </fieldset>
      {hold.lines.length > 0 ? (
        <fieldset className="discrepancies">
          <legend className="field-label">Or resolve each held line</legend>
          {hold.lines.map((l) => (
            <NumberField
              key={l.item_id}
              label={`Units of ${l.sku} shipped`}
              description={undoneHere(l, items) ? 'Its pick undone: none ships, short in full' : `${l.expected} picked, ${l.counted} counted; any missing go back to their location for a count`}
              minValue={0}
              maxValue={l.expected}
              value={shipped[l.item_id] ?? 0}
              onChange={(v) => setShipped((s) => ({ ...s, [l.item_id]: Number.isNaN(v) ? 0 : v }))}
            />
          ))}
        </fieldset>
      ) : null}
      <TextField label="Why?" isRequired value={reason} onChange={setReason} placeholder="One unit missing from the tote" />
      <div className="verify-actions">
        <Button variant="secondary" onPress={onCancel} isDisabled={pending}>
          Cancel
        </Button>
        <Button variant="secondary" onPress={() => onSendBack({ item_ids: chosen, reason })} isDisabled={pending || missingReason || chosen.length === 0}>
          Send Back to Picker
        </Button>
        <Button onPress={() => onResolve({ lines: hold.lines.map((l) => ({ item_id: l.item_id, shipped: shipped[l.item_id] ?? 0 })), reason })} isDisabled={pending || missingReason}>
          Resolve and Verify
        </Button>
      </div>
    </div>
  );
}

// A held line still to pick: its pick was undone at the bench.
const undoneHere = (line: Hold['lines'][number], items: readonly OrderItem[]) => items.find((i) => i.id === line.item_id)?.status === 'pending';
