// The replica test's load balancer (test/balancer.ts) in a process of its own, so it does not share the load
// generator's event loop: `node --import ./scripts/ts-loader.mjs bench/lib/balancer-child.ts <upstream URL>...` prints
// its URL on the first line of its output and runs until SIGTERM.
import { startBalancer } from '../../test/balancer.ts';

const balancer = await startBalancer(process.argv.slice(2));
process.stdout.write(`${balancer.url}\n`);
process.on('SIGTERM', () => void balancer.close().then(() => process.exit(0)));
