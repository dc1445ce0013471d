import { useAtomValue } from 'jotai';
import type { Dispatch } from 'react';
import type { ResolveHoldBody, SendBackBody } from '@wh/contracts/orders/http';
import { messageOf } from '../../../lib/api-errors.ts';
import { useDraft } from '../../../lib/drafts.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { signedInUserAtom } from '../../../lib/session.ts';
import { useCommand, type Command } from '../../../lib/use-command.ts';
import {
  completedOrdersQuery,
  heldOrdersQuery,
  resolveCommand,
  sendBackCommand,
  undoPickCommand,
  verificationOrderQuery,
  verifyCommand,
  type Verified,
} from '../api/verification-api.ts';
import { benchPayload } from '../bench.ts';
import { toPayload } from '../discrepancies.ts';
import { notesDraft, ordersWithNotes, withNote } from '../notes-draft.ts';
import type { VerificationEvent, VerificationForm } from '../verification-state.ts';

/**
 * The verification screen's data (the completed and held orders, the open one's items) and its commands: verify (or
 * hold), send back, resolve, and a manager's undo. The notes are a draft per order (notes-draft.ts), dropped for an
 * order once it is verified or held.
 */
export function useVerification(form: VerificationForm, dispatch: Dispatch<VerificationEvent>) {
  const queue = useScreenQuery(completedOrdersQuery());
  const held = useScreenQuery(heldOrdersQuery());
  const verify = useCommand(verifyCommand);
  const sendBack = useCommand(sendBackCommand);
  const resolve = useCommand(resolveCommand);
  const undo = useCommand(undoPickCommand);
  const isManager = useAtomValue(signedInUserAtom)?.role === 'manager';
  const commands = [verify, sendBack, resolve];
  const orders = queue.data?.orders ?? [];
  const heldOrders = held.data?.orders ?? [];
  const selected = [...orders, ...heldOrders].find((o) => o.id === form.selectedId) ?? null;
  // Only the selected order's items are read: the lists carry none.
  const detail = useScreenQuery({ ...verificationOrderQuery(selected?.id ?? 0), enabled: selected !== null });
  const items = detail.data?.items;
  const [notes, setNotes] = useDraft(notesDraft);
  const selectedNotes = selected ? (notes[String(selected.id)] ?? '') : '';
  const reset = () => commands.forEach((c) => c.reset());
  const run = <B,>(command: Command<{ orderId: number; body: B }, Verified>, body: B, onDone?: (orderId: number) => void) => {
    if (!selected) return;
    reset();
    const orderId = selected.id;
    command.run(
      { orderId, body },
      {
        onSuccess: () => {
          onDone?.(orderId);
          dispatch({ type: 'cleared' });
        },
      },
    );
  };
  const done = commands.find((c) => c.answer !== undefined)?.answer;
  return {
    queue,
    held,
    orders,
    heldOrders,
    selected,
    detail,
    items,
    undo,
    isManager,
    notes: selectedNotes,
    onNotesChange: (text: string) => selected && setNotes((all) => withNote(all, selected.id, text)),
    /** Orders listed here whose notes are typed and not sent. */
    unsent: ordersWithNotes(notes, [...orders, ...heldOrders].map((o) => o.id)),
    pending: commands.some((c) => c.isPending),
    error: commands.find((c) => c.error !== null)?.error ?? null,
    /** What the last command did: verified, or on hold saying why, or sent back. */
    outcome: done ? (done.order.status === 'verified' ? 'Order verified successfully!' : (done.message ?? null)) : null,
    reset,
    select: (id: number) => {
      dispatch({ type: 'selected', id });
      reset();
    },
    onVerify: () => {
      if (!items) return;
      const body = { verification_notes: selectedNotes.trim() || null, discrepancies: toPayload(form.discrepancies), ...benchPayload(form.bench, items) };
      run(verify, body, (orderId) => setNotes((all) => withNote(all, orderId, '')));
    },
    onSendBack: (body: SendBackBody) => run(sendBack, body),
    onResolve: (body: ResolveHoldBody) => run(resolve, body),
    itemsError: detail.isError ? messageOf(detail.error, 'Failed to fetch order') : null,
  };
}
