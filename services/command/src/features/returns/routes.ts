import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  matchReturnBodySchema,
  overCapacityText,
  receiveReturnBodySchema,
  RETURN_MESSAGES,
  returnLeftInReturnsMessage,
  returnLineParamsSchema,
  returnListQuerySchema,
  returnListSchema,
  returnLookupQuerySchema,
  returnLookupSchema,
  returnMatchedMessage,
  returnParamsSchema,
  returnParcelSchema,
  returnReceivedMessage,
  returnRestockedMessage,
  returnRestockedSchema,
  RETURNS_LOCATION,
  returnWrittenOffMessage,
  restockReturnBodySchema,
  successEnvelope,
  writeOffReturnBodySchema,
} from '@wh/contracts';
import type { AppContext } from '../../platform/app-context.ts';
import { answerCommand } from '../../platform/command.ts';
import { notFound } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { matchReturn, receiveReturn, restockReturn, writeOffReturn, type ReturnOutcome } from './commands.ts';
import { listReturns, lookupReturns, returnParcel, returnParcelFromStream } from './queries.ts';

const receive = 'returns:receive' as const;
const parcelEnvelope = successEnvelope(returnParcelSchema);

export const returnsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The parcel as the command left it, folded from its stream: never missing for a projector behind.
  async function parcelAfter(id: number) {
    const parcel = await returnParcelFromStream(ctx.db, id);
    if (!parcel) throw notFound(RETURN_MESSAGES.notFound(id));
    return parcel;
  }
  const units = ({ event }: ReturnOutcome) => (event.type === 'ReturnReceived' ? event.data.lines.reduce((n, l) => n + l.quantity, 0) : 0);

  app.get(
    '/api/returns/lookup',
    { config: { access: receive }, schema: { tags: ['returns'], querystring: returnLookupQuerySchema, response: { 200: successEnvelope(returnLookupSchema) } } },
    async (request) => ok(await lookupReturns(await ctx.reader(request), request.query.code)),
  );

  app.get(
    '/api/returns',
    { config: { access: receive }, schema: { tags: ['returns'], querystring: returnListQuerySchema, response: { 200: successEnvelope(returnListSchema) } } },
    async (request) => ok(await listReturns(await ctx.reader(request), request.query.view, request.query.page)),
  );

  app.get(
    '/api/returns/:id',
    { config: { access: receive }, schema: { tags: ['returns'], params: returnParamsSchema, response: { 200: parcelEnvelope } } },
    async (request) => {
      const parcel = await returnParcel(await ctx.reader(request), request.params.id);
      if (!parcel) throw notFound(RETURN_MESSAGES.notFound(request.params.id));
      return ok(parcel);
    },
  );

  app.post(
    '/api/returns',
    { config: { access: receive }, schema: { tags: ['returns'], body: receiveReturnBodySchema, response: { 201: parcelEnvelope } } },
    async (request, reply) => {
      const answer = await answerCommand(ctx, request, receiveReturn, request.body, {
        data: ({ return_id }) => parcelAfter(return_id),
        message: (result, parcel) => returnReceivedMessage(parcel.id, units(result), parcel.order?.order_number ?? null),
      });
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/api/returns/:id/match',
    { config: { access: receive }, schema: { tags: ['returns'], params: returnParamsSchema, body: matchReturnBodySchema, response: { 200: parcelEnvelope } } },
    async (request) =>
      answerCommand(ctx, request, matchReturn, { return_id: request.params.id, ...request.body }, {
        data: ({ return_id }) => parcelAfter(return_id),
        message: (_result, parcel) => returnMatchedMessage(parcel.id, parcel.order?.order_number ?? ''),
      }),
  );

  app.post(
    '/api/returns/:id/lines/:line/restock',
    {
      config: { access: receive },
      schema: { tags: ['returns'], params: returnLineParamsSchema, body: restockReturnBodySchema, response: { 200: successEnvelope(returnRestockedSchema) } },
    },
    async (request) => {
      const { id, line } = request.params;
      const { location, quantity } = request.body;
      return answerCommand(ctx, request, restockReturn, { return_id: id, line, location, quantity }, {
        data: async ({ event }) => ({ ...(await parcelAfter(id)), over_capacity: event.type === 'ReturnRestocked' ? event.data.over_capacity : null }),
        message: ({ event }, answer) => {
          const sku = event.type === 'ReturnRestocked' ? event.data.sku : '';
          const placed = location === RETURNS_LOCATION ? returnLeftInReturnsMessage(quantity, sku) : returnRestockedMessage(quantity, sku, location);
          return answer.over_capacity ? `${placed} ${overCapacityText(answer.over_capacity)}` : placed;
        },
      });
    },
  );

  app.post(
    '/api/returns/:id/lines/:line/write-off',
    {
      config: { access: 'returns:write-off' },
      schema: { tags: ['returns'], params: returnLineParamsSchema, body: writeOffReturnBodySchema, response: { 200: parcelEnvelope } },
    },
    async (request) => {
      const { id, line } = request.params;
      return answerCommand(ctx, request, writeOffReturn, { return_id: id, line, ...request.body }, {
        data: () => parcelAfter(id),
        message: ({ event }) => returnWrittenOffMessage(request.body.quantity, event.type === 'ReturnWrittenOff' ? event.data.sku : ''),
      });
    },
  );
};
