import { setImmediate as nextTurn } from 'node:timers/promises';

// Work over an upload's rows in slices, letting the event loop turn between them: a 100,000-row file's decisions take
// over a second of CPU, which in one synchronous pass would hold every other request (and /api/health).
export async function mapInTurns<T, U>(items: readonly T[], fn: (item: T, index: number) => U, perTurn = 2000): Promise<U[]> {
  const out: U[] = [];
  await slicesInTurns(items, perTurn, (start, end) => {
    for (let i = start; i < end; i++) out.push(fn(items[i]!, i));
  });
  return out;
}

// The same, a whole slice at a time: `fn` gets each slice's bounds [start, end).
export async function slicesInTurns(items: readonly unknown[], perTurn: number, fn: (start: number, end: number) => void): Promise<void> {
  for (let start = 0; start < items.length; start += perTurn) {
    if (start > 0) await nextTurn();
    fn(start, Math.min(items.length, start + perTurn));
  }
}
