import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-errors.ts';
import {
  acknowledge,
  asPicked,
  changes,
  connectionText,
  EMPTY_QUEUE,
  enqueue,
  exceptions,
  failedSend,
  merged,
  nextToSend,
  pendingItems,
  settle,
  waiting,
  waitingText,
  type PickQueue,
} from './pick-queue.ts';

const item = { sku: 'KN1010-12-WINE', style_name: 'Knit Dress', size: '12', color: 'WINE' };
const pick = (n: number) => ({ key: `key-${n}`, orderId: 1, orderNumber: '#30001', itemId: 10 + n, item, location: 'A-2-1', scanned: true });
const keys = (queue: readonly { key: string }[]) => queue.map((p) => p.key);

/** Picks 1..n queued in order, `offline` as the phone stood for each. */
function queued(n: number, offline: boolean): PickQueue {
  let queue = EMPTY_QUEUE;
  for (let i = 1; i <= n; i++) queue = enqueue(queue, pick(i), offline);
  return queue;
}

describe('the pick queue', () => {
  it('sends in the order queued, each under the key it was queued with', () => {
    const queue = queued(3, true);
    expect(keys(waiting(queue))).toEqual(['key-1', 'key-2', 'key-3']);
    expect(nextToSend(queue)?.key).toBe('key-1');
    const after = settle(queue, 'key-1', { kind: 'recorded', answered: true });
    expect(nextToSend(after)?.key).toBe('key-2');
    expect(nextToSend(settle(settle(after, 'key-2', { kind: 'recorded', answered: true }), 'key-3', { kind: 'recorded', answered: false }))).toBeNull();
  });

  it('queues an item once: a second pick of an item still waiting is the same pick', () => {
    const queue = enqueue(EMPTY_QUEUE, pick(1), true);
    expect(enqueue(queue, { ...pick(1), key: 'another' }, true)).toBe(queue);
    expect(enqueue(queue, pick(1), true)).toBe(queue);
  });

  it('a pick queued online goes at once; behind one that waits, or offline, it waits', () => {
    const online = enqueue(EMPTY_QUEUE, pick(1), false);
    expect(online[0]!.waited).toBe(false);
    expect(enqueue(online, pick(2), false)[1]!.waited).toBe(false);
    const offline = enqueue(EMPTY_QUEUE, pick(1), true);
    expect(enqueue(offline, pick(2), false)[1]!.waited).toBe(true);
  });

  it('a lost answer keeps the pick, first in line, and every pick then waits', () => {
    const queue = queued(2, false);
    const after = settle(queue, 'key-1', { kind: 'lost' });
    expect(keys(waiting(after))).toEqual(['key-1', 'key-2']);
    expect(waiting(after).every((p) => p.waited)).toBe(true);
    expect(nextToSend(settle(queue, 'key-1', { kind: 'later' }))?.key).toBe('key-1');
    expect(settle(queue, 'key-1', { kind: 'signed-out' })).toBe(queue);
  });

  it('a refusal after waiting is an exception until acknowledged; the picks behind it go on', () => {
    const queue = settle(queued(2, true), 'key-1', { kind: 'refused', message: 'Order #30001 is cancelled and cannot be picked' });
    expect(exceptions(queue).map((p) => [p.key, p.orderNumber, p.item.sku, p.refusal])).toEqual([
      ['key-1', '#30001', 'KN1010-12-WINE', 'Order #30001 is cancelled and cannot be picked'],
    ]);
    expect(nextToSend(queue)?.key).toBe('key-2');
    expect(exceptions(acknowledge(queue, 'key-1'))).toEqual([]);
    expect(keys(acknowledge(queue, 'key-1'))).toEqual(['key-2']);
  });

  it('a refusal of a pick sent at once leaves the queue: the screen shows it there and then', () => {
    const queue = settle(queued(1, false), 'key-1', { kind: 'refused', message: 'Not enough stock' });
    expect(queue).toEqual([]);
  });

  it('what a failed send came to, from the API client error', () => {
    expect(failedSend(new ApiError('Unable to connect to server. Please check your connection.', 0, 'NETWORK'))).toEqual({ kind: 'lost' });
    expect(failedSend(new ApiError('Bad gateway', 502))).toEqual({ kind: 'lost' });
    expect(failedSend(new ApiError('recorded', 409, 'ALREADY_RECORDED'))).toEqual({ kind: 'recorded', answered: false });
    expect(failedSend(new ApiError('still running', 409, 'IN_PROGRESS'))).toEqual({ kind: 'later' });
    expect(failedSend(new ApiError('Too many', 429, 'RATE_LIMITED'))).toEqual({ kind: 'later' });
    expect(failedSend(new ApiError('Internal', 500, 'INTERNAL'))).toEqual({ kind: 'later' });
    expect(failedSend(new ApiError('expired', 401, 'UNAUTHENTICATED'))).toEqual({ kind: 'signed-out' });
    const already = 'KN1010-12-WINE in order #30001 is already picked';
    expect(failedSend(new ApiError(already, 409, 'CONFLICT'))).toEqual({ kind: 'refused', message: already });
    expect(failedSend(new ApiError('This order is not assigned to you', 403, 'FORBIDDEN'))).toEqual({ kind: 'refused', message: 'This order is not assigned to you' });
  });

  it('the store writes only what changed', () => {
    const before = queued(2, true);
    const after = settle(enqueue(before, pick(3), true), 'key-1', { kind: 'recorded', answered: true });
    expect(changes(before, after)).toEqual({ put: [after[1]], remove: ['key-1'] });
    expect(changes(after, after)).toEqual({ put: [], remove: [] });
  });

  it('picks stored by an earlier page go before the ones queued since it loaded', () => {
    const stored = queued(2, true);
    const since = enqueue(EMPTY_QUEUE, pick(3), true);
    expect(keys(waiting(merged(stored, since)))).toEqual(['key-1', 'key-2', 'key-3']);
    expect(keys(merged(stored, stored))).toEqual(['key-1', 'key-2']);
  });

  it('a pick stored by an earlier page while it was being sent at once has waited: a refusal of it is an exception', () => {
    const [reloaded] = merged(queued(1, false), EMPTY_QUEUE);
    expect(reloaded!.waited).toBe(true);
    expect(exceptions(settle([reloaded!], 'key-1', { kind: 'refused', message: 'Order #30001 is cancelled and cannot be picked' }))).toHaveLength(1);
  });

  it('lines whose picks are on the phone show picked, being sent or waiting', () => {
    const queue = enqueue(queued(1, true), pick(2), true);
    const lines = [11, 12, 13].map((id) => ({ id, status: 'pending' as const }));
    expect(asPicked(lines, pendingItems(queue)).map((l) => l.status)).toEqual(['picked', 'picked', 'pending']);
    expect([...pendingItems(queued(1, false))]).toEqual([[11, 'sending']]);
    expect([...pendingItems(queue)]).toEqual([
      [11, 'waiting'],
      [12, 'waiting'],
    ]);
  });

  it('says how many scans wait, and offline', () => {
    expect(waitingText(1)).toBe('1 scan waiting');
    expect(waitingText(3)).toBe('3 scans waiting');
    expect(connectionText(true, 0)).toBe('Offline');
    expect(connectionText(true, 2)).toBe('Offline · 2 scans waiting');
    expect(connectionText(false, 1)).toBe('1 scan waiting');
    expect(connectionText(false, 0)).toBeNull();
  });
});

describe('the pick queue across random disconnects', () => {
  // A server that keeps each key's first answer (idempotency.ts) and refuses a second pick of an item under a new key.
  function server() {
    const answers = new Map<string, 'picked' | 'already-picked'>();
    const picks = new Map<number, number>();
    return {
      picks,
      receive(key: string, itemId: number): 'picked' | 'already-picked' {
        const kept = answers.get(key);
        if (kept) return kept;
        const answer = picks.has(itemId) ? 'already-picked' : 'picked';
        if (answer === 'picked') picks.set(itemId, 1 + (picks.get(itemId) ?? 0));
        answers.set(key, answer);
        return answer;
      },
    };
  }
  // A small seeded generator: the same runs every time.
  function random(seed: number) {
    let s = seed;
    return () => {
      s = (s * 1103515245 + 12345) % 2 ** 31;
      return s / 2 ** 31;
    };
  }

  it('records every scan once over 50 runs of 20 scans with the connection dropping at random, before or after the server', () => {
    let disconnects = 0;
    for (let run = 1; run <= 50; run++) {
      const next = random(run);
      const at = server();
      let queue = EMPTY_QUEUE;
      let offline = false;
      let scanned = 0;
      for (let step = 0; step < 400 && (scanned < 20 || nextToSend(queue)); step++) {
        if (scanned < 20 && next() < 0.5) {
          scanned++;
          queue = enqueue(queue, { ...pick(scanned), key: `run${run}-${scanned}` }, offline);
          continue;
        }
        const sending = nextToSend(queue);
        if (!sending) continue;
        const roll = next();
        // Down before the request reaches the server, or after it answered (the answer lost), or through.
        if (roll < 0.25) {
          disconnects++;
          offline = true;
          queue = settle(queue, sending.key, failedSend(new ApiError('Unable to connect to server.', 0, 'NETWORK')));
          continue;
        }
        const answer = at.receive(sending.key, sending.itemId);
        if (roll < 0.45) {
          disconnects++;
          offline = true;
          queue = settle(queue, sending.key, { kind: 'lost' });
          continue;
        }
        offline = false;
        const outcome = answer === 'picked' ? ({ kind: 'recorded', answered: true } as const) : failedSend(new ApiError('already picked', 409, 'CONFLICT'));
        queue = settle(queue, sending.key, outcome);
      }
      expect({ run, left: queue.length }).toEqual({ run, left: 0 });
      expect({ run, picks: [...at.picks.values()] }).toEqual({ run, picks: Array.from({ length: 20 }, () => 1) });
    }
    expect(disconnects).toBeGreaterThan(50);
  });
});
