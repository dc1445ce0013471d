// A process of its own that sends GET <url>/api/health every <every> ms, open loop (each request goes when due,
// whether or not the one before has answered, so a stall is sampled for as long as it lasts), and records each
// latency from when it was due. A line on its standard input stops it: it waits for the requests in flight and
// prints the latencies as one JSON array. Apart from the attacking clients, whose own work on one event loop would
// otherwise delay the sampler's requests and count against the service.
//   node --import scripts/ts-loader.mjs bench/lib/health-sampler.ts <url> <every>
import { Agent, request } from 'node:http';

const [url, every] = process.argv.slice(2);
if (!url || !every) {
  console.error('usage: health-sampler.ts <url> <every ms>');
  process.exit(2);
}
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const latencies: number[] = [];
const pending = new Set<Promise<void>>();
const target = new URL('/api/health', url);

const fire = () => {
  const due = performance.now();
  const done = new Promise<void>((resolve) => {
    const req = request(target, { agent }, (res) => {
      res.resume();
      res.on('end', () => {
        latencies.push(performance.now() - due);
        resolve();
      });
    });
    req.on('error', () => resolve());
    req.end();
  });
  pending.add(done);
  void done.then(() => pending.delete(done));
};
const timer = setInterval(fire, Number(every));

process.stdin.once('data', async () => {
  clearInterval(timer);
  await Promise.all(pending);
  agent.destroy();
  process.stdout.write(JSON.stringify(latencies), () => process.exit(0));
});
