import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createDatabase, migrate, type DatabaseHandle } from '@wh/db';
import { besideProjections, Projector, projections, stopTogether, type ProjectorOptions } from '@wh/projector';
import { startCountReactions } from './features/counts/reactions.ts';
import { buildApp } from './app.ts';
import { createAppContext, type AppContext } from './platform/app-context.ts';
import type { Config } from './platform/config.ts';
import { ProjectionWatcher } from './platform/projection-watcher.ts';
import { ReadReplica } from './platform/read-replica.ts';
import { ProjectorWaker, setAppendWaker } from './platform/projector-wake.ts';
import { FilePool, type FilePoolOptions } from './platform/file-pool.ts';
import type { LogDestination } from './platform/logger.ts';
import { ensureAdmin, type AdminBootstrap } from './features/users/bootstrap.ts';

const LISTEN_BACKLOG = 4096;

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  database: DatabaseHandle;
  watcher: ProjectionWatcher;
  projector: Projector | null;
  // The streaming replica queries read from (DATABASE_READ_URL), if any.
  replica: ReadReplica | null;
  files: FilePool;
  admin: AdminBootstrap;
  // What the commands run with, for a test that runs one (or the counts' reactions) itself.
  ctx: AppContext;
  // Drains and stops (SIGTERM): /api/ready answers 503 at once and every answer closes its connection; after `delayMs`
  // (default SHUTDOWN_DELAY_MS: time for the proxy's health check to take this instance out) the listener closes, live
  // sockets are closed with 1012 so browsers reconnect to another instance, and requests in flight finish; whatever
  // still runs `graceMs` later (default SHUTDOWN_GRACE_MS) is cut off. Then the projector, the watcher and the pools.
  close(options?: { delayMs?: number; graceMs?: number }): Promise<void>;
}

export interface StartOptions {
  config: Config & { DATABASE_URL: string };
  // Runs the projector in this process (npm start, tests); docker-compose runs it on its own.
  withProjector: boolean;
  webDist?: string;
  listen?: boolean;
  now?: () => Date;
  logger?: false | LogDestination;
  // The pool's options, or a pool the caller owns and closes (the tests' apps share one: a worker's start costs about
  // a CPU-second).
  filePool?: FilePoolOptions | FilePool;
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config } = options;
  // What the migrations did (files applied, a newer version's left alone), logged once the logger exists.
  const migrated: string[] = [];
  await migrate(config.DATABASE_URL, { log: (line) => migrated.push(line) });
  const database = createDatabase(config.DATABASE_URL, { application: 'warehouse-command', max: 20 });
  const watcher = new ProjectionWatcher(config.DATABASE_URL, database.db);
  await watcher.start();
  // The projector's own connections: on the command pool its batches queued behind the very commands that wait
  // for them (read your writes), 50 concurrent commands holding all 20 connections.
  // The projector starts before the app and its logger: what it says until then is written once the logger exists.
  let appLog: FastifyBaseLogger | null = null;
  const early: Parameters<NonNullable<ProjectorOptions['log']>>[] = [];
  const projectorLog: ProjectorOptions['log'] = (level, msg, extra) => {
    if (appLog) appLog[level]({ component: 'projector', ...extra }, msg);
    else if (early.length < 100) early.push([level, msg, extra]);
  };
  const projectorDatabase = options.withProjector ? createDatabase(config.DATABASE_URL, { application: 'warehouse-projector', max: 2 }) : null;
  const replica = config.DATABASE_READ_URL
    ? new ReadReplica(config.DATABASE_READ_URL, database, config.READ_REPLICA_WAIT_MS, (level, msg) => appLog?.[level]({ component: 'read-replica' }, msg))
    : null;
  if (replica) watcher.readAfterFrom(() => replica.primaryPosition());
  const projector = projectorDatabase
    ? new Projector({
        databaseUrl: config.DATABASE_URL,
        db: projectorDatabase.db,
        projections,
        beside: besideProjections,
        together: stopTogether,
        stopRetryMs: config.PROJECTION_RETRY_MS,
        pollMs: 500,
        log: projectorLog,
        // Before the next batch's commands are answered: they may be past the event a projection stopped at.
        onStops: () => watcher.stopsChanged(),
        onBatch: (result) => watcher.projected(result.checkpoint),
      })
    : null;
  projector?.start();
  const waker = new ProjectorWaker(database.db, projector);
  setAppendWaker(database.db, waker);
  const now = options.now ?? (() => new Date());
  const ownPool = !(options.filePool instanceof FilePool);
  const files = options.filePool instanceof FilePool ? options.filePool : new FilePool(options.filePool);
  const ctx = createAppContext(config, database.db, watcher, now, files, replica);
  const admin = await ensureAdmin(ctx, config.ADMIN_PASSWORD);
  const app = await buildApp({
    ctx,
    ...(options.webDist ? { webDist: options.webDist } : {}),
    ...(options.logger !== undefined ? { logger: options.logger } : {}),
  });
  appLog = app.log;
  const stopReactions = config.COUNT_REACTIONS_MS > 0 ? startCountReactions(ctx, config.COUNT_REACTIONS_MS, (error) => app.log.error({ err: error, component: 'count-reactions' }, 'count reactions failed')) : null;
  for (const entry of early.splice(0)) projectorLog(...entry);
  for (const line of migrated) app.log.info({ component: 'migrate' }, line);
  void replica?.advise().catch(() => {});
  let url = '';
  if (options.listen !== false) {
    // A burst of connections (a floor's devices reconnecting together, or a flood) waits in the accept queue rather
    // than having its SYNs dropped, which a client retries only after a second: Node's default of 511 overflows at a
    // few hundred at once. The kernel caps it at net.core.somaxconn.
    url = await app.listen({ port: config.PORT, host: config.HOST, backlog: LISTEN_BACKLOG });
  } else {
    await app.ready();
  }
  return {
    app,
    url,
    database,
    watcher,
    projector,
    replica,
    files,
    admin,
    ctx,
    async close(closeOptions = {}) {
      app.draining = true;
      const delayMs = closeOptions.delayMs ?? config.SHUTDOWN_DELAY_MS;
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const graceMs = closeOptions.graceMs ?? config.SHUTDOWN_GRACE_MS;
      const cut = setTimeout(() => {
        app.log.warn({ grace_ms: graceMs }, 'shutdown grace period over: cutting the connections still open');
        for (const socket of app.websocketServer.clients) socket.terminate();
        app.server.closeAllConnections();
      }, graceMs);
      try {
        await app.close();
      } finally {
        clearTimeout(cut);
      }
      await stopReactions?.();
      if (ownPool) await files.close();
      waker.close();
      setAppendWaker(database.db, null);
      await projector?.stop();
      await projectorDatabase?.close();
      await watcher.stop();
      await replica?.close();
      await database.close();
    },
  };
}
