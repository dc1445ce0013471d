import { useEffect, useReducer } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { can } from '@wh/contracts/auth/permissions';
import { messageOf } from '../../../lib/api-errors.ts';
import { scanCue, useBarcodeScanner } from '../../../lib/barcode-scanner.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { signedInUserAtom } from '../../../lib/session.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { matchCommand, receiveCommand, restockCommand, returnLookupQuery, returnParcelQuery, writeOffCommand, type ParcelAnswer } from '../api/returns-api.ts';
import { benchReducer, INITIAL_BENCH, matchBody, readBenchScan, receiveBody, type BenchStep } from '../bench.ts';

/** The parcel the bench shows or is matching, if any. */
function parcelOf(bench: BenchStep): number | null {
  switch (bench.step) {
    case 'parcel':
      return bench.id;
    case 'find-order':
    case 'choose':
    case 'order':
      return bench.matching;
    case 'scan':
    case 'unmatched':
      return null;
    default: {
      const exhaustive: never = bench;
      return exhaustive;
    }
  }
}

/**
 * The returns bench: what a scan opens (looked up on the server), the parcel on the bench, and its commands: receive,
 * match, restock (a scanned label or a button) and a manager's write-off. Every answer is the parcel as it now is.
 */
export function useReturnsBench() {
  const [state, dispatch] = useReducer(benchReducer, INITIAL_BENCH);
  const { bench } = state;
  const parcelId = parcelOf(bench);
  const parcel = useScreenQuery({ ...returnParcelQuery(parcelId ?? 0), enabled: parcelId !== null });
  const queryClient = useQueryClient();
  const receive = useCommand(receiveCommand);
  const match = useCommand(matchCommand);
  const restock = useCommand(restockCommand);
  const writeOff = useCommand(writeOffCommand);
  const role = useAtomValue(signedInUserAtom)?.role;
  const refused = (error: unknown) => dispatch({ type: 'refused', text: messageOf(error, 'The return was refused') });
  const received = (answer: ParcelAnswer) => dispatch({ type: 'received', parcel: answer.parcel, message: answer.message });

  // Every scan's outcome is heard as well as read: a phone on a trolley is not always looked at.
  useEffect(() => {
    if (state.feedback) scanCue(state.feedback.tone !== 'error');
  }, [state.feedback]);

  const lookUp = async (code: string) => {
    const matching = parcelId !== null && bench.step !== 'parcel' ? (parcel.data ?? null) : null;
    try {
      const lookup = await queryClient.fetchQuery(returnLookupQuery(code));
      dispatch({ type: 'looked-up', code, lookup, matching });
    } catch (error) {
      refused(error);
    }
  };
  const place = (line: number, location: string, quantity: number) => {
    if (parcelId === null) return;
    restock.run({ id: parcelId, line, body: { location, quantity } }, { onSuccess: (a) => dispatch({ type: 'placed', message: a.message }), onError: refused });
  };
  const onScan = (raw: string) => {
    const scan = readBenchScan(state, raw, parcel.data ?? null);
    if (scan?.kind === 'lookup') void lookUp(scan.code);
    else if (scan?.kind === 'event') dispatch(scan.event);
    else if (scan?.kind === 'place') place(scan.line.line, scan.location, scan.quantity);
  };
  useBarcodeScanner(onScan);

  return {
    state,
    dispatch,
    parcel,
    onScan,
    place,
    canWriteOff: role !== undefined && can(role, 'returns:write-off'),
    isPending: receive.isPending || match.isPending || restock.isPending || writeOff.isPending,
    onSubmit: () => {
      const matchingId = bench.step === 'order' ? bench.matching : null;
      const toMatch = matchBody(bench);
      if (matchingId !== null && toMatch) match.run({ id: matchingId, body: toMatch }, { onSuccess: received, onError: refused });
      const body = receiveBody(bench);
      if (body) receive.run(body, { onSuccess: received, onError: refused });
    },
    writeOff: async (line: number, quantity: number, note: string | null) => {
      if (parcelId === null) return;
      const answer = await writeOff.runAsync({ id: parcelId, line, body: { quantity, note } });
      dispatch({ type: 'placed', message: answer.message });
    },
  };
}
