// The floor for the live-socket attacks: a Node HTTP server that does nothing but answer GET /api/health and accept
// WebSocket upgrades on /api/live, telling each socket it is ready on its first message (no session, no caps, no
// security headers, no database). The same bursts against it show what one Node event loop and the ws library cost,
// before the app adds anything. Its accept queue is as long as the service's (server.ts). Prints its port on standard
// output; stops when its standard input closes.
//   node --import scripts/ts-loader.mjs bench/lib/bare-live-server.ts
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const wss = new WebSocketServer({ noServer: true });
const server = createServer((req, res) => {
  res.writeHead(req.url === '/api/health' ? 200 : 404, { 'content-type': 'application/json' });
  res.end('{"success":true,"data":{"status":"ok"}}');
});
server.on('upgrade', (req, socket, head) => {
  wss.handleUpgrade(req, socket, head, (ws) => {
    ws.once('message', () => ws.send('{"type":"ready","user_id":1}'));
  });
});
server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
