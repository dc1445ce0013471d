import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ProjectorStatus } from './runner.ts';

// The projector in a worker thread of the service's process (`npm start`, WITH_PROJECTOR=true): one process as
// before, but the projector's statements no longer wait their turn on the event loop that serves HTTP. Under 50
// concurrent commands every round trip of a batch (twenty-odd statements) queued behind request handling, so a
// batch took several times its database time and every command waited for it (read your writes).
// Same Projector, same advisory lock: still one active projector per database.
export class ProjectorThread {
  private worker: Worker | null = null;
  private current: ProjectorStatus = 'stopped';
  private stopped: Promise<void> | null = null;

  constructor(
    private readonly options: { databaseUrl: string; pollMs?: number; log?: (msg: string, extra?: Record<string, unknown>) => void },
  ) {}

  get state(): ProjectorStatus {
    return this.current;
  }

  start(): void {
    if (this.worker) return;
    // The worker's entry is TypeScript: it registers the tsx loader itself, since the loader the process was started
    // with (`--import tsx`, or vitest's) does not reach worker threads.
    const entry = new URL('./thread-worker.ts', import.meta.url).href;
    const tsx = tsxEsmApi();
    const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); })`;
    const worker = new Worker(boot, { eval: true, workerData: { databaseUrl: this.options.databaseUrl, pollMs: this.options.pollMs ?? 1000 } });
    this.worker = worker;
    let exited!: () => void;
    this.stopped = new Promise<void>((resolve) => (exited = resolve));
    worker.on('message', (message: { status?: ProjectorStatus; log?: string; extra?: Record<string, unknown> }) => {
      if (message.status) this.current = message.status;
      if (message.log) this.options.log?.(message.log, message.extra);
    });
    worker.on('error', (error) => this.options.log?.('projector thread failed', { error: error.message }));
    worker.on('exit', () => {
      this.current = 'stopped';
      if (this.worker === worker) this.worker = null;
      exited();
    });
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    worker.postMessage({ stop: true });
    // The worker ends its loop, closes its connections and exits when its port closes; terminate if it hangs.
    const timer = setTimeout(() => void worker.terminate(), 10_000);
    await this.stopped;
    clearTimeout(timer);
  }

  async whenActive(): Promise<void> {
    while (this.current !== 'active' && this.worker) await new Promise((r) => setTimeout(r, 20));
  }
}

// tsx's ESM register API as a file URL (its CommonJS build, which require.resolve finds, cannot load it).
function tsxEsmApi(): string {
  const require = createRequire(import.meta.url);
  const manifest = require('tsx/package.json') as { exports: Record<string, { import: { default: string } }> };
  return new URL(manifest.exports['./esm/api']!.import.default, pathToFileURL(require.resolve('tsx/package.json'))).href;
}
