import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { indexedDbStore, type DurableStore } from '../../../lib/durable-store.ts';
import { liveStatusAtom } from '../../../lib/live-socket.ts';
import { useBrowserOnline } from '../../../lib/use-online.ts';
import { invalidateOnce, useCommand } from '../../../lib/use-command.ts';
import { pickCommand, pickingKeys } from '../api/picking-api.ts';
import {
  acknowledge,
  changes,
  EMPTY_QUEUE,
  enqueue,
  exceptions,
  failedSend,
  merged,
  nextToSend,
  settle,
  waiting,
  type PickQueue,
  type QueuedPick,
  type SendOutcome,
} from '../pick-queue.ts';

// How often picks waiting behind a lost answer are tried again while nothing else says the connection is back.
export const QUEUE_RETRY_MS = 5_000;

export type NewPick = Parameters<typeof enqueue>[1];

interface PickQueueInput {
  userId: number | null;
  /** A pick sent at once (not one that waited) has its answer: what the screen says of it. */
  onAnswered: (pick: QueuedPick, outcome: SendOutcome, failure: unknown) => void;
}

/**
 * The phone's picks: stored (per signed-in user) before they are sent, sent one at a time in order, and sent again
 * when the connection returns (the browser's online event, the live socket back, or every few seconds) without
 * another scan. A pick the server refused after waiting stays until the picker acknowledges it.
 */
export function usePickQueue({ userId, onAnswered }: PickQueueInput) {
  const store = useMemo(() => (userId === null ? null : indexedDbStore<QueuedPick>(`pick-queue:${userId}`)), [userId]);
  const [queue, setQueue] = useState<PickQueue>(EMPTY_QUEUE);
  const current = useRef<PickQueue>(EMPTY_QUEUE);
  const written = useRef<Promise<void>>(Promise.resolve());
  const [loaded, setLoaded] = useState(false);
  const connection = useConnection();

  const update = (next: (queue: PickQueue) => PickQueue) => {
    const before = current.current;
    const after = next(before);
    if (after === before) return;
    current.current = after;
    setQueue(after);
    if (store) written.current = store.write(changes(before, after)).catch((error: unknown) => console.warn('Pick queue not stored', error));
  };

  useStoredQueue(store, update, setLoaded);
  useSender({ queue, current, written, loaded, connection, update, onAnswered });

  return {
    waiting: waiting(queue),
    exceptions: exceptions(queue),
    /** Out of reach: the browser says so, or the last send had no answer. */
    offline: connection.offline,
    /** A pick sent at once, not yet answered: the screen waits for its answer as for any command. */
    sendingAtOnce: waiting(queue).find((p) => !p.waited) ?? null,
    enqueue: (pick: NewPick) => update((q) => enqueue(q, pick, connection.offline)),
    acknowledge: (key: string) => update((q) => acknowledge(q, key)),
  };
}

export type PickQueueState = ReturnType<typeof usePickQueue>;

/** Reads what an earlier page (a reload, a closed tab) left, and joins it to what was queued meanwhile. */
function useStoredQueue(store: DurableStore<QueuedPick> | null, update: (next: (q: PickQueue) => PickQueue) => void, setLoaded: (loaded: boolean) => void) {
  const updateRef = useRef(update);
  updateRef.current = update;
  useEffect(() => {
    if (!store) return;
    let stale = false;
    store
      .load()
      .then((stored) => {
        if (!stale) updateRef.current((q) => merged(stored, q));
      })
      // Without IndexedDB (a private window that refuses it) the queue still works, for this page's life.
      .catch((error: unknown) => console.warn('Pick queue not read', error))
      .finally(() => {
        if (!stale) setLoaded(true);
      });
    return () => {
      stale = true;
    };
  }, [store, setLoaded]);
}

/**
 * Whether the server is within reach, as far as the phone can tell, and whether to try the next send: not after a
 * lost answer (or a busy server) until the browser comes online, the live socket is back, or the retry timer fires.
 */
function useConnection() {
  const online = useBrowserOnline();
  const live = useAtomValue(liveStatusAtom);
  const [lost, setLost] = useState(false);
  const [paused, setPaused] = useState(false);
  const resume = () => {
    setPaused(false);
    setLost(false);
  };
  useEffect(() => {
    if (online) resume();
  }, [online]);
  useEffect(() => {
    if (live === 'live') resume();
  }, [live]);
  useEffect(() => {
    if (!paused || !online) return;
    const timer = setInterval(() => setPaused(false), QUEUE_RETRY_MS);
    return () => clearInterval(timer);
  }, [paused, online]);
  return {
    offline: !online || lost,
    maySend: online && !paused,
    afterSend: (outcome: SendOutcome) => {
      if (outcome.kind === 'lost') setLost(true);
      else if (outcome.kind !== 'later') setLost(false);
      if (outcome.kind === 'lost' || outcome.kind === 'later' || outcome.kind === 'signed-out') setPaused(true);
    },
  };
}

interface SenderInput {
  queue: PickQueue;
  current: { current: PickQueue };
  written: { current: Promise<void> };
  loaded: boolean;
  connection: ReturnType<typeof useConnection>;
  update: (next: (q: PickQueue) => PickQueue) => void;
  onAnswered: PickQueueInput['onAnswered'];
}

/** Sends the next pick whenever there is one and nothing is on its way. */
function useSender({ queue, current, written, loaded, connection, update, onAnswered }: SenderInput): void {
  const pick = useCommand(pickCommand);
  const queryClient = useQueryClient();
  // One send at a time; each answer starts the next round (a flag set and cleared before React renders changes nothing).
  const onItsWay = useRef(false);
  const [round, setRound] = useState(0);
  const latest = useRef({ onAnswered, update, afterSend: connection.afterSend });
  latest.current = { onAnswered, update, afterSend: connection.afterSend };
  const next = nextToSend(queue);
  const mayStart = loaded && connection.maySend && next !== null;

  useEffect(() => {
    if (!mayStart || onItsWay.current) return;
    const entry = nextToSend(current.current);
    if (!entry) return;
    onItsWay.current = true;
    void (async () => {
      // Stored before it is sent: a tab closed while it is on its way still has it.
      await written.current;
      let outcome: SendOutcome = { kind: 'recorded', answered: true };
      let failure: unknown = null;
      try {
        await pick.runAsync({ orderId: entry.orderId, itemId: entry.itemId, location: entry.location, key: entry.key });
      } catch (error) {
        failure = error;
        outcome = failedSend(error);
      }
      // Recorded under this key before, with no answer kept: the screen reads the order again.
      if (outcome.kind === 'recorded' && !outcome.answered) void invalidateOnce(queryClient, [pickingKeys.all]);
      const { onAnswered: answered, update: apply, afterSend } = latest.current;
      afterSend(outcome);
      if (!entry.waited) answered(entry, outcome, failure);
      apply((q) => settle(q, entry.key, outcome));
      onItsWay.current = false;
      setRound((r) => r + 1);
    })();
    // Started once per chance to send; `pick` is read when it runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mayStart, round]);
}
