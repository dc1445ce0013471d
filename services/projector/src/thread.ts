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
    const url = new URL('./thread-worker.ts', import.meta.url);
    // A worker inherits the process's flags; a .ts entry needs the tsx loader even where the process got its
    // TypeScript another way (vitest).
    const execArgv = process.execArgv.some((a) => a.includes('tsx')) ? process.execArgv : [...process.execArgv, '--import', 'tsx'];
    const worker = new Worker(url, { workerData: { databaseUrl: this.options.databaseUrl, pollMs: this.options.pollMs ?? 1000 }, execArgv });
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
