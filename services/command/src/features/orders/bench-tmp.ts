import { createDatabase } from '@wh/migrations';
import { listOrdersQuerySchema } from '@wh/contracts';
import { listOrders } from './queries.ts';

const { db, close } = createDatabase('postgres://postgres@127.0.0.1:5432/orders_scratch_ow');
const cases: Record<string, Record<string, string>> = {
  none: {},
  page500: { page: '500' },
  pending: { status: 'pending' },
  completed: { status: 'completed' },
  'assigned,picking + worker': { status: 'assigned,picking', worker_id: '7' },
  'assigned,picking': { status: 'assigned,picking' },
  unassigned: { worker_id: 'unassigned' },
  'worker 7': { worker_id: '7' },
  date: { date: '2025-03-01' },
  'search number': { search: '#123456' },
  'search sku': { search: 'KN1234-12' },
  'search style': { search: 'cable jumper 29' },
  'search rare': { search: 'zzz' },
  'date + pending': { date: '2025-03-01', status: 'pending' },
};
for (const [name, q] of Object.entries(cases)) {
  const query = listOrdersQuerySchema.parse(q);
  const times: number[] = [];
  for (let i = 0; i < 21; i++) {
    const t0 = performance.now();
    await listOrders(db, query);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(name.padEnd(28), 'median', times[10]!.toFixed(1), 'p95', times[19]!.toFixed(1));
}
await close();
