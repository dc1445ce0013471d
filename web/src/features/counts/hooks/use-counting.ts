import { useEffect, useReducer } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { COUNT_MESSAGES, type CountedAnswer, type CountLocationBody } from '@wh/contracts/counts/http';
import { ApiError, messageOf } from '../../../lib/api-errors.ts';
import { scanCue, useBarcodeScanner } from '../../../lib/barcode-scanner.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { countLocationCommand, myCountsQuery, skuLookupQuery } from '../api/counts-api.ts';
import { activeTask, countingReducer, INITIAL_COUNTING, readCountScan, unknownCodeEvent } from '../counting.ts';

// The server's words for an answer, when it sends none.
const countedMessage = (a: CountedAnswer) =>
  a.outcome === 'settled' ? COUNT_MESSAGES.settledMessage(a.location, a.units) : COUNT_MESSAGES.recountMessage(a.location);

/**
 * A counter's screen: their tasks (GET /counts/mine, which carries no quantities), the location open, what each scan
 * names (a code's SKU looked up once), and the one command: the location's count, sent only by a press of a button.
 */
export function useCounting() {
  const [state, dispatch] = useReducer(countingReducer, INITIAL_COUNTING);
  const mine = useScreenQuery(myCountsQuery(), { refetchOnReturn: true });
  const tasks = mine.data?.counts ?? [];
  const task = activeTask(state, tasks);
  const queryClient = useQueryClient();
  const count = useCommand(countLocationCommand);
  const refused = (error: unknown) => dispatch({ type: 'refused', text: messageOf(error, 'The count was refused') });

  // Every scan's outcome is heard as well as read: a phone in a hand at a shelf is not always looked at.
  useEffect(() => {
    if (state.feedback) scanCue(state.feedback.tone !== 'error');
  }, [state.feedback]);

  const lookUp = async (code: string) => {
    try {
      const found = await queryClient.fetchQuery(skuLookupQuery(code));
      dispatch({ type: 'unit-scanned', code, sku: found.sku });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) dispatch(unknownCodeEvent(code, tasks));
      else refused(error);
    }
  };
  const onScan = (raw: string) => {
    const scan = readCountScan(state, raw, tasks);
    if (scan?.kind === 'lookup') void lookUp(scan.code);
    else if (scan?.kind === 'event') dispatch(scan.event);
  };
  useBarcodeScanner(onScan);

  const send = (body: CountLocationBody | null) => {
    const { open } = state;
    if (!open || !body) return;
    count.run(
      { id: open.task, location: open.location, body },
      { onSuccess: ({ data, message }) => dispatch({ type: 'counted', location: open.location, message: message || countedMessage(data) }), onError: refused },
    );
  };

  return { state, dispatch, mine, tasks, task, onScan, send, isPending: count.isPending };
}
