import { createServer, connect, type AddressInfo, type Socket } from 'node:net';

// A relay between a client and PostgreSQL that can cut every connection through it and then, for a while, accept
// new ones and answer nothing: what a database host that went down (rather than a server that refuses) looks like.
export interface Relay {
  url: string;
  // Connections accepted and left unanswered.
  hung: number;
  cut(): void;
  hang(on: boolean): void;
  close(): Promise<void>;
}

export async function startRelay(target: URL): Promise<Relay> {
  const sockets = new Set<Socket>();
  let hanging = false;
  const relay = createServer((incoming) => {
    sockets.add(incoming);
    incoming.on('close', () => sockets.delete(incoming));
    incoming.on('error', () => {});
    if (hanging) {
      state.hung++;
      return;
    }
    const outgoing = connect(Number(target.port || 5432), target.hostname);
    sockets.add(outgoing);
    outgoing.on('close', () => sockets.delete(outgoing));
    outgoing.on('error', () => incoming.destroy());
    incoming.pipe(outgoing).pipe(incoming);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.address() as AddressInfo;
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const state: Relay = {
    url: url.toString(),
    hung: 0,
    cut: () => sockets.forEach((s) => s.destroy()),
    hang: (on) => (hanging = on),
    close: () => new Promise<void>((resolve) => {
      sockets.forEach((s) => s.destroy());
      relay.close(() => resolve());
    }),
  };
  return state;
}
