import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  countAccuracyExportQuerySchema,
  countAccuracySchema,
  dailySummaryQuerySchema,
  dailySummarySchema,
  inventoryStatusReportQuerySchema,
  inventoryStatusReportSchema,
  localDay,
  LOW_STOCK_THRESHOLD,
  orderAnalyticsSchema,
  reportExportQuerySchema,
  reportRangeQuerySchema,
  returnsProcessingSchema,
  returnsReportQuerySchema,
  returnsReportSchema,
  successEnvelope,
  workerProductivitySchema,
} from '@wh/contracts';
import type { AppContext } from '../../platform/app-context.ts';
import { unauthenticated } from '../../platform/errors.ts';
import { sendExport } from '../../platform/exports.ts';
import { ok } from '../../platform/http.ts';
import { periodOf } from './period.ts';
import { dailySummary, orderAnalytics, workerProductivity, type SummaryQueries } from './queries.ts';
import { countAccuracy } from './count-accuracy.ts';
import { exportCountAccuracy, exportInventory, exportOrders, exportProductivity, exportReturns, exportReturnsProcessing } from './export.ts';
import { returnsProcessing, returnsReport, returnsReportRows } from './returns.ts';

// The most low-stock rows an inventory export lists.
const EXPORT_LOW_STOCK_LIMIT = 1000;

export const reportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext } & SummaryQueries> = async (app, { ctx, inventoryStatus, countOrders }) => {
  const zone = () => ctx.config.WAREHOUSE_TIMEZONE;

  app.get(
    '/api/reports/daily-summary',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['reports'], querystring: dailySummaryQuerySchema, response: { 200: successEnvelope(dailySummarySchema) } },
    },
    async (request) => {
      const user = request.auth?.user;
      if (!user) throw unauthenticated();
      const date = request.query.date ?? localDay(ctx.now(), zone());
      const db = await ctx.reader(request);
      return ok(await dailySummary(db, user, await periodOf(db, date, date, zone()), { inventoryStatus, countOrders }, ctx.now()));
    },
  );

  app.get(
    '/api/reports/inventory-status',
    {
      config: { access: 'inventory:alerts' },
      schema: { tags: ['reports'], querystring: inventoryStatusReportQuerySchema, response: { 200: successEnvelope(inventoryStatusReportSchema) } },
    },
    async (request) => ok(await inventoryStatus(await ctx.reader(request), request.query.threshold, request.query.limit)),
  );

  app.get(
    '/api/reports/order-analytics',
    {
      config: { access: 'reports:view' },
      schema: { tags: ['reports'], querystring: reportRangeQuerySchema, response: { 200: successEnvelope(orderAnalyticsSchema) } },
    },
    async (request) => ok(await orderAnalytics(await ctx.reader(request), request.query.range, ctx.now(), zone())),
  );

  app.get(
    '/api/reports/worker-productivity',
    {
      config: { access: 'reports:view' },
      schema: { tags: ['reports'], querystring: reportRangeQuerySchema, response: { 200: successEnvelope(workerProductivitySchema) } },
    },
    async (request) => ok(await workerProductivity(await ctx.reader(request), request.query.range, ctx.now(), zone())),
  );

  app.get(
    '/api/reports/returns',
    {
      config: { access: 'reports:view' },
      schema: { tags: ['reports'], querystring: returnsReportQuerySchema, response: { 200: successEnvelope(returnsReportSchema) } },
    },
    async (request) => ok(await returnsReport(await ctx.reader(request), request.query.range, request.query.style, ctx.now(), zone())),
  );

  app.get(
    '/api/reports/returns-processing',
    {
      config: { access: 'reports:view' },
      schema: { tags: ['reports'], querystring: reportRangeQuerySchema, response: { 200: successEnvelope(returnsProcessingSchema) } },
    },
    async (request) => ok(await returnsProcessing(await ctx.reader(request), request.query.range, ctx.now(), zone())),
  );

  app.get(
    '/api/reports/count-accuracy',
    {
      config: { access: 'reports:view' },
      schema: { tags: ['reports'], querystring: reportRangeQuerySchema, response: { 200: successEnvelope(countAccuracySchema) } },
    },
    async (request) => ok(await countAccuracy(await ctx.reader(request), request.query.range, ctx.now(), zone())),
  );

  app.get(
    '/api/reports/count-accuracy/export',
    { config: { access: 'reports:view' }, schema: { tags: ['reports'], querystring: countAccuracyExportQuerySchema } },
    async (request, reply) => {
      const { range, format } = request.query;
      const accuracy = await countAccuracy(await ctx.reader(request), range, ctx.now(), zone());
      const filename = `count-accuracy-report-${range}-${localDay(ctx.now(), zone())}`;
      return sendExport(reply, ctx.files, { format, filename, sheetName: 'Count Accuracy', ...exportCountAccuracy(accuracy) });
    },
  );

  app.get(
    '/api/reports/export',
    { config: { access: 'reports:view' }, schema: { tags: ['reports'], querystring: reportExportQuerySchema } },
    async (request, reply) => {
      const { report, range, style, format } = request.query;
      const filename = `${report}-report-${range}-${localDay(ctx.now(), zone())}`;
      const db = await ctx.reader(request);
      switch (report) {
        case 'inventory': {
          const status = await inventoryStatus(db, LOW_STOCK_THRESHOLD, EXPORT_LOW_STOCK_LIMIT);
          return sendExport(reply, ctx.files, { format, filename, sheetName: 'Inventory Status', ...exportInventory(status) });
        }
        case 'orders': {
          const analytics = await orderAnalytics(db, range, ctx.now(), zone());
          return sendExport(reply, ctx.files, { format, filename, sheetName: 'Order Analytics', ...exportOrders(analytics) });
        }
        case 'productivity': {
          const productivity = await workerProductivity(db, range, ctx.now(), zone());
          return sendExport(reply, ctx.files, { format, filename, sheetName: 'Worker Productivity', ...exportProductivity(productivity) });
        }
        case 'returns': {
          const rows = await returnsReportRows(db, range, style, ctx.now(), zone());
          return sendExport(reply, ctx.files, { format, filename, sheetName: 'Returns by Style and Size', ...exportReturns(rows) });
        }
        case 'returns-processing': {
          const processing = await returnsProcessing(db, range, ctx.now(), zone());
          return sendExport(reply, ctx.files, { format, filename, sheetName: 'Returns Processing', ...exportReturnsProcessing(processing) });
        }
      }
    },
  );
};
