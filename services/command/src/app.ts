import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import fastifyStatic from '@fastify/static';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { findUnstorableText, MAX_JSON_BODY_BYTES, MAX_JSON_DEPTH, MAX_UPLOAD_BYTES, UNSTORABLE_TEXT_MESSAGE } from '@wh/contracts';
import type { AppContext } from './platform/app-context.ts';
import { authPlugin, sessionLimits, type ExpireSession } from './platform/auth.ts';
import { envelope, installErrorHandler } from './platform/error-handler.ts';
import { idempotencyPlugin } from './platform/idempotency.ts';
import { badRequest } from './platform/errors.ts';
import { nestedDeeperThan } from './platform/http.ts';
import { liveGateway } from './platform/live.ts';
import { loggerOptions, type LogDestination } from './platform/logger.ts';
import { systemRoutes } from './platform/system-routes.ts';
import { authRoutes } from './features/users/auth-routes.ts';
import { expireSession } from './features/users/commands.ts';
import { userRoutes } from './features/users/routes.ts';
import { catalogueRoutes } from './features/catalogue/routes.ts';
import { inventoryRoutes } from './features/inventory/routes.ts';
import { returnsRoutes } from './features/returns/routes.ts';
import { countsRoutes } from './features/counts/routes.ts';
import { countAfterRefusal } from './features/counts/reactions.ts';
import { InsufficientStockError } from './platform/stock.ts';
import { countFlagRoutes } from './features/inventory/count-flags.ts';
import { inventoryStatus } from './features/inventory/inventory-status.ts';
import { receivingRoutes } from './features/receiving/routes.ts';
import { orderRoutes } from './features/orders/routes.ts';
import { countListedOrders } from './features/orders/queries.ts';
import { pickingRoutes } from './features/orders/picking.ts';
import { reportRoutes } from './features/reports/routes.ts';
import { auditRoutes } from './features/audit/routes.ts';
import { settingsRoutes } from './features/settings/routes.ts';

export interface BuildAppOptions {
  // The one context of the process: its session cache listens to the watcher, so it is made once (startServer).
  ctx: AppContext;
  // The built web app to serve; omitted in API-only tests.
  webDist?: string;
  // false: no logging (tests); else where the log goes (standard output by default).
  logger?: false | LogDestination;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { ctx } = options;
  const { config, now } = ctx;
  const app = Fastify({
    ...(options.logger === false ? { logger: false } : loggerOptions(config.LOG_LEVEL, options.logger)),
    genReqId: () => randomUUID(),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: MAX_JSON_BODY_BYTES,
    // A request must arrive whole (headers and body) within REQUEST_TIMEOUT_MS, or it is answered 408 and its connection
    // closed: a client trickling its headers a byte at a time holds nothing for long. Checked every second.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: config.REQUEST_TIMEOUT_MS,
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(1000, config.REQUEST_TIMEOUT_MS),
    },
    // A request arriving on a kept-alive connection while the instance drains (server.ts close) is served, with
    // `Connection: close`, rather than refused: the proxy sent it before it knew, and a refusal would be a failed
    // request for a client that did nothing wrong.
    return503OnClosing: false,
    // An address Fastify cannot even decode (a stray '%') fails before any route or error handler: answered here in
    // the same envelope.
    frameworkErrors: (_error, _request, reply: FastifyReply) => {
      void reply.code(400).send(envelope('VALIDATION_FAILED', 'The request address is not valid: check it for a stray % sign.'));
    },
  });
  // Body-less actions (toggle-status, logout) often arrive with a JSON content type and no body: that is no body,
  // not an error. A body nested deeper than any request is refused before it is parsed. Everything else goes through
  // Fastify's own parser, which refuses prototype poisoning.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    if (nestedDeeperThan(text, MAX_JSON_DEPTH)) return done(badRequest(`The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels`));
    return parseJson(request, text, done);
  });
  // Text PostgreSQL cannot store (NUL, a lone surrogate) is refused at the boundary, wherever it comes in: one check
  // for every route's body, query string and path, before any schema or handler sees it.
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [['body', request.body], ['query', request.query], ['params', request.params]] as const) {
      const at = findUnstorableText(value);
      if (at !== null) throw badRequest(UNSTORABLE_TEXT_MESSAGE, [{ field: at === '' ? part : at, message: UNSTORABLE_TEXT_MESSAGE }]);
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Infrastructure first, then features, then the web app.
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The live socket is same-origin (ws: and wss: to this host are 'self'); the page reaches no other host.
        connectSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        // Floor devices reach the app over plain HTTP on the LAN; TLS, when there is any, ends at a proxy.
        upgradeInsecureRequests: null,
      },
    },
    hsts: false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, parts: 25 } });
  // Set as the instance starts to drain (server.ts close, on SIGTERM): /api/ready answers 503 so the proxy's health
  // check takes this instance out, and every answer closes its connection, so the proxy keeps none to reuse.
  app.decorate('draining', false);
  // A pick refused for lack of stock queues a count of its location (the counts' reactions, when they run here).
  if (config.COUNT_REACTIONS_MS > 0) {
    app.addHook('onError', async (request, _reply, error) => {
      if (!(error instanceof InsufficientStockError) || request.routeOptions.url !== '/api/orders/:id/items/:itemId/pick') return;
      void countAfterRefusal(ctx, error).catch((failure: unknown) => request.log.error({ err: failure }, 'count after a refused pick failed'));
    });
  }
  app.addHook('onRequest', async (_request, reply) => {
    if (app.draining) reply.header('connection', 'close');
  });
  // An API answer is one user's data at one moment: no browser or proxy keeps it, whatever it is (an error, a 404,
  // a download). The web app's files keep their own caching.
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url.split('?')[0] ?? '')) reply.header('cache-control', 'no-store');
  });
  // As the listener closes, live sockets are sent to another instance (live.ts), not closed without a code as the
  // plugin's own preClose would (the browser would wait out its back-off).
  await app.register(websocket, {
    options: { maxPayload: 4 * 1024 },
    preClose: (done) => {
      app.live.restart();
      done();
    },
  });
  const limits = sessionLimits(config);
  const expire: ExpireSession = (sessionId, userId, rule) => expireSession(ctx, sessionId, userId, rule);
  await app.register(authPlugin, { db: ctx.db, limits, now, sessionCache: ctx.sessionCache, expireSession: expire });
  installErrorHandler(app);
  await app.register(idempotencyPlugin, { db: ctx.db, now });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Warehouse and order-fulfilment API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await systemRoutes(app, ctx);
  await liveGateway(app, {
    db: ctx.db,
    watcher: ctx.watcher,
    limits,
    now,
    expireSession: expire,
    sessionCache: ctx.sessionCache,
    perUser: config.LIVE_SOCKETS_PER_USER,
    perAddress: config.LIVE_SOCKETS_PER_ADDRESS,
  });
  await app.register(authRoutes, { ctx });
  await app.register(userRoutes, { ctx });
  await app.register(catalogueRoutes, { ctx });
  await app.register(inventoryRoutes, { ctx });
  await app.register(countFlagRoutes, { ctx });
  await app.register(receivingRoutes, { ctx });
  await app.register(orderRoutes, { ctx });
  await app.register(pickingRoutes, { ctx });
  await app.register(reportRoutes, { ctx, inventoryStatus, countOrders: countListedOrders });
  await app.register(auditRoutes, { ctx });
  await app.register(settingsRoutes, { ctx });
  await app.register(returnsRoutes, { ctx });
  await app.register(countsRoutes, { ctx });

  await serveWeb(app, options.webDist);
  return app;
}

// The API's own paths: an unknown one is a 404 in the error envelope, whatever the method.
const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');
// A path naming a file (an asset), as opposed to a route of the web app.
const isFilePath = (path: string) => /\.[a-z0-9]+$/i.test(path);
// A source map: never served, even if a build that made them is dropped in.
const isSourceMap = (path: string) => /\.map$/i.test(path);

async function serveWeb(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const hasWeb = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
    // preCompressed: the build writes .br and .gz beside each asset (web/build/precompress.ts); a client that accepts
    // them gets the smaller file (the login page's JavaScript is about a third of its size gzipped).
    // allowedPath: only files; a route of the web app ('/', '/orders', a directory such as '/assets/') goes to the
    // not-found handler below, which answers the page. Left to the plugin, a directory path is its 403 when no encoding
    // is accepted (with one, a lookup of 'index.html.gz' that misses and falls through), whatever Accept-Encoding says.
    await app.register(async (files) => {
      // A file path the lookup refuses (one climbing out of the root, a NUL) is a file that is not there: 404, not
      // the plugin's 403 or 400 as if the request were malformed.
      files.setErrorHandler((error: FastifyError, _request, reply) => {
        if (error.statusCode === 400 || error.statusCode === 403 || error.statusCode === 404) return reply.callNotFound();
        throw error;
      });
      await files.register(fastifyStatic, {
        root: webDist,
        wildcard: true,
        index: false,
        preCompressed: true,
        allowedPath: (pathname) => !isApiPath(pathname) && isFilePath(pathname) && !isSourceMap(pathname),
      });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // A missing file (an old hashed asset) is a 404, not the page: the browser would parse HTML as a script.
    const isPage = hasWeb && !isApiPath(path) && !isFilePath(path) && (request.method === 'GET' || request.method === 'HEAD');
    if (!isPage) {
      return reply.code(404).send({
        success: false,
        message: 'Not found',
        error: { code: 'NOT_FOUND', message: 'Not found' },
      });
    }
    // The web app routes on the client: every other path gets index.html, as it is (it is small; the assets it loads
    // are the ones sent compressed).
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    // True from the moment the instance starts to drain (SIGTERM: server.ts close).
    draining: boolean;
  }
}
