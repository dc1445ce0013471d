// npm run projections:rebuild [-- --pace <share>]: rebuilds the read models of DATABASE_URL beside the live ones,
// which stay readable and current meanwhile (rebuild.ts). `--pace` is the share of the time the rebuild works (above 0,
// at most 1): the default leaves the server room for the queries and commands of a working warehouse; 1 is as fast as
// the machine goes.
import { setPriority } from 'node:os';
import { createDatabase } from '@wh/db';
import { projections } from './projections/index.ts';
import { rebuildReadModels } from './rebuild.ts';

const DEFAULT_PACE = 0.5;

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set: the rebuild needs the database whose read models it rebuilds.');
  process.exit(1);
}
const args = process.argv.slice(2);
const at = args.indexOf('--pace');
const pace = at === -1 ? DEFAULT_PACE : Number(args[at + 1]);
if (!(pace > 0 && pace <= 1) || args.some((a, i) => a !== '--pace' && i !== at + 1)) {
  console.error('usage: npm run projections:rebuild [-- --pace <share of the time the rebuild works, above 0 and at most 1>]');
  process.exit(2);
}
// Lowest CPU priority: on a machine shared with the service, this process gives way to it whenever both want a core.
setPriority(19);
const handle = createDatabase(url, { application: 'warehouse-rebuild' });
const started = Date.now();
let step = 'preparing';
const result = await rebuildReadModels(handle.db, projections, {
  pace,
  onStep: (s) => {
    step = s;
    process.stdout.write(`\n${s}`);
  },
  onProgress: (n) => process.stdout.write(`\r${step}: ${n} events applied`),
});
const seconds = (Date.now() - started) / 1000;
console.log(`\nrebuilt read models from ${result.events} events in ${seconds.toFixed(1)} s`);
await handle.close();
