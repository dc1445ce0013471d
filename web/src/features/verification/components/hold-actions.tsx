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

/**
 * Send back: the lines chosen (the held ones to start with) are to pick again on the picker's phone. Resolve: each held
 * line shipped as counted (fewer if so), the missing units back where they were picked, for a count; then verified.
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
          .filter((i) => i.status !== 'pending')
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
              description={`${l.expected} picked, ${l.counted} counted; any missing go back to their location for a count`}
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
