import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { StockMove } from '@wh/contracts/inventory/http';
import { normaliseCode } from '@wh/contracts/platform/codes';
import type { SuccessEnvelope } from '@wh/contracts/platform/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { activeLocationsQuery, inventorySearchQuery } from '../api/inventory-api.ts';
import { EMPTY_MOVE, parseMove, putAwayDraft, type MoveDraft, type MoveField } from '../move-form.ts';
import { MoveFields } from './move-fields.tsx';
import { MoveWarning } from './move-warning.tsx';
import { ReceivingList } from './receiving-list.tsx';
import { movedText, useMove } from './use-move.ts';
import '../move-stock.css';

/** The SKU and from-location a link opens the tab with (a search result's Move or Put away). */
export interface MoveStart {
  sku: string | null;
  from: string | null;
}

const startOf = ({ sku, from }: MoveStart): MoveDraft => (sku ? { ...EMPTY_MOVE, sku: normaliseCode(sku), found: normaliseCode(sku), from } : EMPTY_MOVE);

/** Inventory's Move Stock: a SKU from one location to another, and put-away of what waits in RECEIVING. */
export function MoveTab({ start }: { start: MoveStart }) {
  const [draft, setDraft] = useState<MoveDraft>(() => startOf(start));
  const [errors, setErrors] = useState<Partial<Record<MoveField, string>>>({});
  const [done, setDone] = useState<string | null>(null);
  const found = useQuery({ ...inventorySearchQuery({ style_code: draft.found ?? '' }), enabled: draft.found !== null });
  const item = found.data?.items.find((i) => i.sku === draft.found) ?? null;
  const locations = useQuery(activeLocationsQuery());
  const mover = useMove();

  const change = (patch: Partial<MoveDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors({});
    setDone(null);
  };
  const onMoved = (answer: SuccessEnvelope<StockMove>) => {
    setDone(movedText(answer));
    setDraft((d) => ({ ...d, from: null, to: null, quantity: 1 }));
  };
  const submit = () => {
    const held = item ? (item.locations.find((l) => l.location === draft.from)?.quantity ?? 0) : null;
    const parsed = parseMove(draft, held);
    if ('errors' in parsed) return setErrors(parsed.errors);
    setDone(null);
    mover.send(parsed.body, onMoved);
  };

  return (
    <div className="move-layout">
      <form
        className="card form"
        aria-label="Move stock"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <h2 className="card-title">Move stock</h2>
        <MoveFields
          draft={draft}
          errors={errors}
          found={found}
          item={item}
          locations={locations.data?.locations ?? []}
          onChange={change}
          onFind={() => change({ found: normaliseCode(draft.sku) || null, from: null })}
        />
        {mover.warning ? <MoveWarning warning={mover.warning} isPending={mover.isPending} onConfirm={() => mover.confirm(onMoved)} onCancel={mover.cancel} /> : null}
        {mover.error ? (
          <Alert title="Move refused" onDismiss={mover.reset}>
            {mover.error}
          </Alert>
        ) : null}
        {done ? (
          <Alert tone="success" onDismiss={() => setDone(null)}>
            {done}
          </Alert>
        ) : null}
        <div className="form-actions">
          <Button type="submit" isDisabled={mover.isPending || mover.warning !== null}>
            {mover.isPending ? 'Moving...' : 'Move'}
          </Button>
        </div>
      </form>
      <ReceivingList
        onPutAway={(sku, quantity) => {
          change(putAwayDraft(sku, quantity));
          mover.cancel();
        }}
      />
    </div>
  );
}
