// The picks a phone has made and the server has not yet answered, and those it refused after waiting: the pure rules.
// Every pick goes through this queue, stored on the phone before it is sent (use-pick-queue.ts), so a Wi-Fi dead spot,
// a reload or a closed tab loses none. Each carries the Idempotency-Key fixed when it was queued: sent again after a
// lost answer, the server answers what it answered the first time and does nothing twice (idempotency.ts).
import { ApiError } from '../../lib/api-errors.ts';
import { answerWasLost } from '../../lib/retries.ts';

export interface QueuedPick {
  /** The Idempotency-Key, fixed when queued; also the entry's identity. */
  key: string;
  /** The order of sending. */
  seq: number;
  orderId: number;
  orderNumber: string;
  itemId: number;
  item: { sku: string; style_name: string; size: string; color: string };
  /** Where it was taken from, as sent; null: the server's suggestion. */
  location: string | null;
  scanned: boolean;
  /** The batch's tote it goes into: said in the confirmation. */
  tote?: number;
  /**
   * Queued while the phone was out of reach, or behind a send whose answer was lost: the picker has moved on, so a
   * refusal is an exception they acknowledge. A pick sent at once is answered while the picker is still there.
   */
  waited: boolean;
  /** The server's refusal, in its words, once it refused the pick; the entry then waits for the picker's OK. */
  refusal: string | null;
}

export type PickQueue = readonly QueuedPick[];

export const EMPTY_QUEUE: PickQueue = [];

/** What a send came to. */
export type SendOutcome =
  /** Answered with the pick recorded (or recorded before, under the same key). */
  | { kind: 'recorded'; answered: boolean }
  /** No answer: the phone is out of reach. Kept, and sent again when the connection returns. */
  | { kind: 'lost' }
  /** The server could not take it now (busy, still running the first try): kept, sent again later. */
  | { kind: 'later' }
  /** The session is over: kept for the picker's next sign-in. */
  | { kind: 'signed-out' }
  /** Refused (4xx): not recorded, in the server's words. */
  | { kind: 'refused'; message: string };

/** Appends a pick, with `waited` as the phone stands (out of reach, or picks already waiting). */
export function enqueue(queue: PickQueue, pick: Omit<QueuedPick, 'seq' | 'waited' | 'refusal'>, offline: boolean): PickQueue {
  if (queue.some((p) => p.key === pick.key || (p.refusal === null && p.itemId === pick.itemId))) return queue;
  const seq = queue.reduce((max, p) => Math.max(max, p.seq), 0) + 1;
  // Behind a pick that waits, it waits too; behind one being sent at once, it is answered at once as well.
  return [...queue, { ...pick, seq, waited: offline || waiting(queue).some((p) => p.waited), refusal: null }];
}

/** The picks still to send, in order. */
export function waiting(queue: PickQueue): QueuedPick[] {
  return queue.filter((p) => p.refusal === null).sort((a, b) => a.seq - b.seq || a.key.localeCompare(b.key));
}

export function nextToSend(queue: PickQueue): QueuedPick | null {
  return waiting(queue)[0] ?? null;
}

/** The refused picks the picker has not acknowledged yet, oldest first. */
export function exceptions(queue: PickQueue): QueuedPick[] {
  return queue.filter((p) => p.refusal !== null).sort((a, b) => a.seq - b.seq);
}

/** How a line whose pick is on the phone shows: being sent now, or waiting for the connection. */
export type PendingMark = 'sending' | 'waiting';

/** The items shown as picked on this phone before the server has recorded them. */
export function pendingItems(queue: PickQueue): ReadonlyMap<number, PendingMark> {
  return new Map(waiting(queue).map((p) => [p.itemId, p.waited ? 'waiting' : 'sending']));
}

/**
 * The queue after a send of `key`. A recorded pick leaves; a refused one that waited stays as an exception (one sent
 * at once leaves: the screen shows its refusal there and then); a lost answer, or a server that cannot take it now,
 * marks every pick as waiting: the picker has moved on.
 */
export function settle(queue: PickQueue, key: string, outcome: SendOutcome): PickQueue {
  switch (outcome.kind) {
    case 'recorded':
      return queue.filter((p) => p.key !== key);
    case 'refused':
      return queue.flatMap((p) => (p.key !== key ? [p] : p.waited ? [{ ...p, refusal: outcome.message }] : []));
    case 'lost':
    case 'later':
      return queue.map((p) => (p.refusal === null && !p.waited ? { ...p, waited: true } : p));
    case 'signed-out':
      return queue;
    default: {
      const exhaustive: never = outcome;
      return exhaustive;
    }
  }
}

/** The picker has read the refusal. */
export function acknowledge(queue: PickQueue, key: string): PickQueue {
  return queue.filter((p) => p.key !== key || p.refusal === null);
}

/** What a failed send came to, from the error the API client threw. */
export function failedSend(error: unknown): SendOutcome {
  if (!(error instanceof ApiError)) return { kind: 'later' };
  if (answerWasLost(error.status)) return { kind: 'lost' };
  // Recorded by the first try under this key, whose answer the server did not keep: done.
  if (error.status === 409 && error.code === 'ALREADY_RECORDED') return { kind: 'recorded', answered: false };
  if (error.status === 409 && error.code === 'IN_PROGRESS') return { kind: 'later' };
  if (error.status === 401) return { kind: 'signed-out' };
  if (error.status === 408 || error.status === 429 || error.status >= 500) return { kind: 'later' };
  return { kind: 'refused', message: error.message };
}

/** What the store must write to hold `after` where it held `before`: the entries new or changed, the keys gone. */
export function changes(before: PickQueue, after: PickQueue): { put: QueuedPick[]; remove: string[] } {
  const was = new Map(before.map((p) => [p.key, p]));
  const kept = new Set(after.map((p) => p.key));
  return { put: after.filter((p) => was.get(p.key) !== p), remove: before.filter((p) => !kept.has(p.key)).map((p) => p.key) };
}

/**
 * The stored entries and those queued before they were read, as one queue. A stored pick was made on an earlier page
 * (before a reload, in a closed tab): it has waited, and a refusal of it is an exception, whatever it was then.
 */
export function merged(stored: PickQueue, current: PickQueue): PickQueue {
  const keys = new Set(current.map((p) => p.key));
  const earlier = stored.filter((p) => !keys.has(p.key)).map((p) => (p.waited ? p : { ...p, waited: true }));
  // The stored picks were made first: the ones queued since go after them.
  const top = earlier.reduce((max, p) => Math.max(max, p.seq), 0);
  return [...earlier, ...current.map((p) => ({ ...p, seq: p.seq + top }))];
}

export function waitingText(count: number): string {
  return count === 1 ? '1 scan waiting' : `${count} scans waiting`;
}

/** Items as this phone shows them: those whose picks wait here are picked (the server has not said so yet). */
export function asPicked<T extends { id: number; status: 'pending' | 'picked' | 'short' }>(items: readonly T[], queued: { has: (id: number) => boolean }): T[] {
  return items.map((item) => (queued.has(item.id) && item.status === 'pending' ? { ...item, status: 'picked' as const } : item));
}

export function savedMessage(item: { sku: string }, location: string | null): string {
  return `Saved on this phone: ${item.sku}${location ? ` from ${location}` : ''} is sent when the connection returns.`;
}

/** What the scan panel says of the connection and the queue; null: nothing to say (online, nothing waits). */
export function connectionText(offline: boolean, waitingCount: number): string | null {
  if (offline) return waitingCount > 0 ? `Offline · ${waitingText(waitingCount)}` : 'Offline';
  return waitingCount > 0 ? waitingText(waitingCount) : null;
}
