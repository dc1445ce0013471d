import { createDatabase } from '@wh/db';
import { projections } from './projections/index.ts';
import { rebuildReadModels } from './rebuild.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set: the rebuild needs the database whose read models it rebuilds.');
  process.exit(1);
}
const handle = createDatabase(url, { application: 'warehouse-rebuild' });
const started = Date.now();
const result = await rebuildReadModels(handle.db, projections, {
  onProgress: (n) => process.stdout.write(`\r${n} events applied`),
});
const seconds = (Date.now() - started) / 1000;
console.log(`\nrebuilt read models from ${result.events} events in ${seconds.toFixed(1)} s`);
await handle.close();
