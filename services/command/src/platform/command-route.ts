import type { FastifyRequest } from 'fastify';
import type { AppContext } from './app-context.ts';
import type { CommandHandler, CommandOutcome } from './command.ts';
import type { EventMetadata } from './event-store.ts';
import { metadataOf, ok } from './http.ts';

// What a command's answer carries besides its data: read-your-writes (AppContext.afterCommit).
export type AfterCommit = Awaited<ReturnType<AppContext['afterCommit']>>;

export interface RunOptions<R> {
  // How many events the command wrote, when a bulk write gives the projector more than a command's worth of work.
  events?: (result: R) => number;
  // The request's metadata changed (a sign-in's actor is the user signing in).
  metadata?: (metadata: EventMetadata) => EventMetadata;
  // What follows the command before the answer waits for the read models (a signed-out session's sockets closed).
  settled?: (result: R) => unknown;
}

// Runs a command for a request: its metadata from the request, the command, then the wait until the projector has
// applied its events (bounded).
export async function runForRequest<I, R>(
  ctx: AppContext,
  request: FastifyRequest,
  handler: CommandHandler<I, R>,
  input: I,
  options: RunOptions<R> = {},
): Promise<CommandOutcome<R> & { extra: AfterCommit }> {
  const metadata = metadataOf(request);
  const outcome = await handler(ctx, input, options.metadata ? options.metadata(metadata) : metadata);
  await options.settled?.(outcome.result);
  const extra = await ctx.afterCommit(outcome.append, options.events ? { events: options.events(outcome.result) } : undefined);
  return { ...outcome, extra };
}

// Every command route's answer: the command run for the request, then its data as the screens will read it
// (`projected` false: the read models do not show it yet, so the data comes from the command's own result) with
// its message and the read-your-writes fields.
export async function answerCommand<I, R, T>(
  ctx: AppContext,
  request: FastifyRequest,
  handler: CommandHandler<I, R>,
  input: I,
  answer: RunOptions<R> & {
    data: (result: R, projected: boolean | undefined) => T | Promise<T>;
    message: string | ((result: R, data: T) => string);
  },
) {
  const { result, extra } = await runForRequest(ctx, request, handler, input, answer);
  const data = await answer.data(result, extra.projected);
  const message = typeof answer.message === 'string' ? answer.message : answer.message(result, data);
  return ok(data, { message, ...extra });
}
