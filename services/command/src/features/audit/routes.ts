import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditExportQuerySchema, auditPageSchema, auditQuerySchema, localDay, successEnvelope, type AuditEntry } from '@wh/contracts';
import type { AppContext } from '../../platform/app-context.ts';
import { unprocessable } from '../../platform/errors.ts';
import { sendExport, type ExportColumn } from '../../platform/exports.ts';
import { ok } from '../../platform/http.ts';
import { auditPage, auditRows } from './queries.ts';

const MAX_EXPORT_ROWS = 100_000;

const EXPORT_COLUMNS: ExportColumn<AuditEntry>[] = [
  { header: 'Position', value: (r) => r.position },
  { header: 'When', value: (r) => r.occurred_at },
  { header: 'Event', value: (r) => r.event_type },
  { header: 'User ID', value: (r) => r.user_id },
  { header: 'Username', value: (r) => r.username },
  { header: 'Role', value: (r) => r.role },
  { header: 'What', value: (r) => r.summary },
  { header: 'Order Number', value: (r) => r.order_number },
  { header: 'SKUs', value: (r) => r.skus.join(' ') },
  { header: 'Locations', value: (r) => r.locations.join(' ') },
  { header: 'Stream', value: (r) => r.stream_id },
];

// The manager's audit view: every event with who, when and what, read from rm_audit.
export const auditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/audit/events',
    { config: { access: 'audit:view' }, schema: { tags: ['audit'], querystring: auditQuerySchema, response: { 200: successEnvelope(auditPageSchema) } } },
    async (request) => ok(await auditPage(await ctx.reader(request), request.query, ctx.config.WAREHOUSE_TIMEZONE)),
  );

  app.get(
    '/api/audit/events/export',
    { config: { access: 'audit:view' }, schema: { tags: ['audit'], querystring: auditExportQuerySchema } },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const rows = await auditRows(await ctx.reader(request), filters, ctx.config.WAREHOUSE_TIMEZONE, MAX_EXPORT_ROWS + 1);
      if (rows.length > MAX_EXPORT_ROWS) {
        throw unprocessable(`More than ${MAX_EXPORT_ROWS.toLocaleString('en-GB')} events match. Please narrow the filters to export.`);
      }
      const day = localDay(ctx.now(), ctx.config.WAREHOUSE_TIMEZONE);
      return sendExport(reply, ctx.files, { format, filename: `audit-${day}`, sheetName: 'Audit', rows, columns: EXPORT_COLUMNS });
    },
  );
};
