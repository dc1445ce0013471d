import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { prettyFactory } from 'pino-pretty';
import type { Config } from './config.ts';

// Where the log goes: a terminal gets readable lines, anything else (docker, a file, a log collector) JSON.
export interface LogDestination {
  write(chunk: string): unknown;
  isTTY?: boolean;
}

// One line per request, at debug: at the default level the console carries startup, warnings and errors only.
// Errors of a request are logged where they are handled (error-handler.ts), whatever the level.
class RequestLines extends LogController {
  override incomingRequest(): void {}

  // A 404 or another refusal is the request line's status, not a line of its own.
  override routeNotFound(): void {}

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) reply.log.error({ err: error, method: request.method, url: request.url }, error.message);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ err: error, method: request.method, url: request.url }, 'request errored');
      return;
    }
    reply.log.debug({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  }
}

// The fields of a request line shown in the message on a terminal, not repeated after it.
const REQUEST_FIELDS = ['method', 'url', 'status', 'ms'] as const;

function readableLines(destination: LogDestination): LogDestination {
  const format = prettyFactory({
    colorize: !process.env.NO_COLOR,
    translateTime: 'SYS:HH:MM:ss.l',
    singleLine: true,
    ignore: ['pid', 'hostname', 'reqId', ...REQUEST_FIELDS].join(','),
    messageFormat: (log, messageKey) => {
      const message = String(log[messageKey] ?? '');
      return REQUEST_FIELDS.every((f) => log[f] !== undefined) ? `${log.method} ${log.url} ${log.status} ${log.ms} ms` : message;
    },
  });
  return { write: (line: string) => destination.write(format(line)) };
}

export function loggerOptions(
  level: Config['LOG_LEVEL'],
  destination: LogDestination = process.stdout,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  return {
    logger: { level, stream: destination.isTTY ? readableLines(destination) : destination },
    logController: new RequestLines(),
  };
}
