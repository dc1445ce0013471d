import { Agent, createServer, request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

// A small HTTP and WebSocket load balancer for the replica test and benchmark, doing what docker-compose's Caddy does
// in front of the command replicas (Caddyfile): round robin over the upstreams, keep-alive connections to them, the
// client's address in X-Forwarded-For, WebSocket upgrades passed through, and a request whose upstream cannot be
// reached, or whose connection fails before any byte of an answer, tried on the next upstream for up to
// `tryDurationMs` (Caddy's lb_try_duration; Go's transport, under it, retries a request with an Idempotency-Key on a
// kept-alive connection the upstream closed). A request body is read whole first, so it can be sent again.
export interface Balancer {
  url: string;
  // Answers (and upgrades) each upstream gave, by its URL.
  served: Map<string, number>;
  // Attempts that failed before an answer and went to the next upstream.
  retries: number;
  close(): Promise<void>;
}

// Not forwarded either way: they describe one hop's connection, not the request.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

function forwardedFor(req: IncomingMessage): string {
  // As nginx's $proxy_add_x_forwarded_for: the address the client claims first, then its own. The services trust it
  // (TRUST_PROXY=true) and take the first: the test stands for clients at different addresses this way.
  const prior = req.headers['x-forwarded-for'];
  const own = req.socket.remoteAddress ?? '';
  return prior ? `${Array.isArray(prior) ? prior.join(', ') : prior}, ${own}` : own;
}

function upstreamHeaders(req: IncomingMessage, extra: Record<string, string>): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
  return { ...headers, 'x-forwarded-for': forwardedFor(req), 'x-forwarded-proto': 'http', ...extra };
}

export async function startBalancer(upstreamUrls: readonly string[], options: { tryDurationMs?: number; tryIntervalMs?: number } = {}): Promise<Balancer> {
  const upstreams = upstreamUrls.map((u) => new URL(u));
  const tryDurationMs = options.tryDurationMs ?? 10_000;
  const tryIntervalMs = options.tryIntervalMs ?? 100;
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const clients = new Set<Socket>();
  let turn = 0;
  const next = () => upstreams[turn++ % upstreams.length]!;
  const state: Balancer = { url: '', served: new Map(), retries: 0, close: async () => {} };
  const served = (u: URL) => state.served.set(u.origin, (state.served.get(u.origin) ?? 0) + 1);

  // After a failed attempt: the next upstream at once, and after a round of them all, a pause first.
  const retry = (started: number, tries: number, again: () => void, giveUp: () => void) => {
    if (performance.now() - started > tryDurationMs) return giveUp();
    state.retries++;
    setTimeout(again, tries % upstreams.length === 0 ? tryIntervalMs : 0);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('error', () => res.destroy());
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const started = performance.now();
      let tries = 0;
      const attempt = () => {
        const upstream = next();
        tries++;
        let answered = false;
        const out = request(
          {
            agent,
            host: upstream.hostname,
            port: upstream.port,
            method: req.method,
            path: req.url,
            headers: upstreamHeaders(req, { 'content-length': String(body.length) }),
          },
          (answer) => {
            answered = true;
            served(upstream);
            const headers: IncomingHttpHeaders = {};
            for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
            res.writeHead(answer.statusCode ?? 502, { ...headers, 'x-upstream': upstream.origin });
            answer.pipe(res);
            answer.on('error', () => res.destroy());
          },
        );
        out.on('error', () => {
          if (answered) return res.destroy();
          retry(started, tries, attempt, () => res.writeHead(502).end());
        });
        out.end(body);
      };
      attempt();
    });
  });

  server.on('upgrade', (req: IncomingMessage, client: Socket, head: Buffer) => {
    clients.add(client);
    client.on('close', () => clients.delete(client));
    client.on('error', () => {});
    const started = performance.now();
    let tries = 0;
    const attempt = () => {
      const upstream = next();
      tries++;
      const conn = connect(Number(upstream.port), upstream.hostname);
      let connected = false;
      conn.once('connect', () => {
        connected = true;
        served(upstream);
        const headers = upstreamHeaders(req, {});
        const lines = Object.entries(headers).flatMap(([name, value]) => (Array.isArray(value) ? value : [value ?? '']).map((v) => `${name}: ${v}`));
        conn.write([`${req.method} ${req.url} HTTP/1.1`, 'connection: Upgrade', `upgrade: ${req.headers.upgrade ?? 'websocket'}`, ...lines, '', ''].join('\r\n'));
        if (head.length > 0) conn.write(head);
        conn.pipe(client);
        client.pipe(conn);
        client.on('close', () => conn.destroy());
      });
      conn.on('error', () => {
        if (connected) return client.destroy();
        retry(started, tries, attempt, () => client.destroy());
      });
      // An upstream that ends its side ends the client's through the pipe, after what it sent; one that breaks off
      // breaks the client's off too.
      conn.on('close', (hadError) => {
        if (connected && hadError) client.destroy();
      });
    };
    attempt();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const c of clients) c.destroy();
      agent.destroy();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return state;
}
