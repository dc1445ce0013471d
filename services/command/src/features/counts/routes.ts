import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approveCountBodySchema,
  assignCountBodySchema,
  COUNT_MESSAGES,
  countedAnswerSchema,
  countListQuerySchema,
  countListSchema,
  countLocationBodySchema,
  countLocationParamsSchema,
  countParamsSchema,
  countTaskDetailSchema,
  localDay,
  createCountBodySchema,
  myCountsSchema,
  sendBackCountBodySchema,
  successEnvelope,
} from '@wh/contracts';
import type { AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/auth.ts';
import { answerCommand } from '../../platform/command.ts';
import { notFound } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { approveCount, assignCount, countLocation, createCount, planCounts, sendBackCount, type CountOutcome } from './commands.ts';
import { countDetail, listCounts, myCounts } from './queries.ts';

const manage = 'counts:manage' as const;
const detailEnvelope = successEnvelope(countTaskDetailSchema);

export const countsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // A task's detail as the command left it, from its stream: never missing for a projector behind.
  async function detailOf(id: number) {
    const detail = await countDetail(ctx.db, id);
    if (!detail) throw notFound(COUNT_MESSAGES.notFound(id));
    return detail;
  }

  app.get(
    '/api/counts',
    { config: { access: manage }, schema: { tags: ['counts'], querystring: countListQuerySchema, response: { 200: successEnvelope(countListSchema) } } },
    async (request) => ok(await listCounts(await ctx.reader(request), request.query.view, request.query.page)),
  );

  // A counter's open tasks: no quantities.
  app.get(
    '/api/counts/mine',
    { config: { access: 'counts:count' }, schema: { tags: ['counts'], response: { 200: successEnvelope(myCountsSchema) } } },
    async (request) => ok(await myCounts(await ctx.reader(request), actorOf(request).id)),
  );

  app.get(
    '/api/counts/:id',
    { config: { access: manage }, schema: { tags: ['counts'], params: countParamsSchema, response: { 200: detailEnvelope } } },
    async (request) => ok(await detailOf(request.params.id)),
  );

  app.post(
    '/api/counts',
    { config: { access: manage }, schema: { tags: ['counts'], body: createCountBodySchema, response: { 201: detailEnvelope } } },
    async (request, reply) => {
      const { scope, assignee_id, due, note } = request.body;
      const answer = await answerCommand(ctx, request, createCount, { source: 'manual', scope, reason: note, assignee_id, due, trigger: null }, {
        data: ({ count_id }) => detailOf(count_id),
        message: (outcome: CountOutcome, detail) => COUNT_MESSAGES.created(detail.id, detail.counts.locations, outcome.skipped),
      });
      return reply.code(201).send(answer);
    },
  );

  // Today's plan (the warehouse's local day): made once, answered again as it was made.
  app.post(
    '/api/counts/plan',
    { config: { access: manage }, schema: { tags: ['counts'], response: { 200: detailEnvelope } } },
    async (request) =>
      answerCommand(ctx, request, planCounts, { day: localDay(ctx.now(), ctx.config.WAREHOUSE_TIMEZONE) }, {
        data: ({ count_id }) => detailOf(count_id),
        message: ({ events }, detail) => (events.length === 0 ? COUNT_MESSAGES.alreadyPlanned(detail.id) : COUNT_MESSAGES.planned(detail.id, detail.counts.locations)),
      }),
  );

  app.post(
    '/api/counts/:id/assign',
    { config: { access: manage }, schema: { tags: ['counts'], params: countParamsSchema, body: assignCountBodySchema, response: { 200: detailEnvelope } } },
    async (request) =>
      answerCommand(ctx, request, assignCount, { count_id: request.params.id, assignee_id: request.body.assignee_id }, {
        data: ({ count_id }) => detailOf(count_id),
        message: (_outcome, detail) => (detail.assignee ? `Count #${detail.id} assigned to ${detail.assignee.username}.` : `Count #${detail.id} is for anyone to count.`),
      }),
  );

  // A counter's count of one location: the answer says whether it settled, never what was expected.
  app.post(
    '/api/counts/:id/locations/:location/count',
    {
      config: { access: 'counts:count' },
      schema: { tags: ['counts'], params: countLocationParamsSchema, body: countLocationBodySchema, response: { 200: successEnvelope(countedAnswerSchema) } },
    },
    async (request) => {
      const { id, location } = request.params;
      return answerCommand(ctx, request, countLocation, { count_id: id, location, counter: actorOf(request), ...request.body }, {
        data: ({ events }) => {
          const counted = events.find((e) => e.type === 'LocationCounted');
          if (counted?.type !== 'LocationCounted') throw notFound(COUNT_MESSAGES.notInCount(id, location));
          const { round, settled, lines } = counted.data;
          return { count_id: id, location, round, outcome: settled ? ('settled' as const) : ('recount' as const), units: lines.reduce((n, l) => n + l.counted, 0) };
        },
        message: (_outcome, answer) => (answer.outcome === 'settled' ? COUNT_MESSAGES.settledMessage(location, answer.units) : COUNT_MESSAGES.recountMessage(location)),
      });
    },
  );

  app.post(
    '/api/counts/:id/approve',
    { config: { access: manage }, schema: { tags: ['counts'], params: countParamsSchema, body: approveCountBodySchema, response: { 200: detailEnvelope } } },
    async (request) =>
      answerCommand(ctx, request, approveCount, { count_id: request.params.id, locations: request.body.locations }, {
        data: ({ count_id }) => detailOf(count_id),
        message: ({ events }) => {
          const approved = events.flatMap((e) => (e.type === 'CountApproved' ? e.data.locations : []));
          const units = approved.reduce((n, l) => n + l.lines.reduce((m, v) => m + Math.abs(v.variance), 0), 0);
          return COUNT_MESSAGES.approved(request.params.id, approved.length, units);
        },
      }),
  );

  app.post(
    '/api/counts/:id/send-back',
    { config: { access: manage }, schema: { tags: ['counts'], params: countParamsSchema, body: sendBackCountBodySchema, response: { 200: detailEnvelope } } },
    async (request) =>
      answerCommand(ctx, request, sendBackCount, { count_id: request.params.id, locations: request.body.locations, note: request.body.note }, {
        data: ({ count_id }) => detailOf(count_id),
        message: ({ events }) => COUNT_MESSAGES.sentBack(request.params.id, events.flatMap((e) => (e.type === 'CountSentBack' ? e.data.locations : [])).length),
      }),
  );
};
