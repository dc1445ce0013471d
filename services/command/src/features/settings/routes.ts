import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countSettingsBodySchema, countSettingsViewSchema, pickingSettingsSchema, successEnvelope, updatePickingSettingsBodySchema } from '@wh/contracts';
import type { AppContext } from '../../platform/app-context.ts';
import { answerCommand } from '../../platform/command.ts';
import { ok } from '../../platform/http.ts';
import { changeSettings } from './commands.ts';
import { countSettingsView, pickingSettings } from './queries.ts';

// Warehouse-wide settings: pickers read them, a manager changes them in Settings.
export const settingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const envelope = successEnvelope(pickingSettingsSchema);

  app.get(
    '/api/settings/picking',
    { config: { access: 'signed-in' }, schema: { tags: ['settings'], response: { 200: envelope } } },
    async (request) => ok(await pickingSettings(await ctx.reader(request))),
  );

  app.put(
    '/api/settings/picking',
    { config: { access: 'settings:manage' }, schema: { tags: ['settings'], body: updatePickingSettingsBodySchema, response: { 200: envelope } } },
    async (request) => {
      const on = request.body.scan_location_first;
      return answerCommand(ctx, request, changeSettings, { type: 'SetScanLocationFirst', scan_location_first: on }, {
        data: () => pickingSettings(ctx.db),
        message: on ? 'Pickers scan the location before each item' : 'Pickers scan items without the location',
      });
    },
  );

  // Cycle counts: the daily plan, how often every location is counted, and when a count asks for a recount.
  const counts = successEnvelope(countSettingsViewSchema);
  app.get(
    '/api/settings/counts',
    { config: { access: 'counts:manage' }, schema: { tags: ['settings'], response: { 200: counts } } },
    async (request) => ok(await countSettingsView(await ctx.reader(request))),
  );
  app.put(
    '/api/settings/counts',
    { config: { access: 'counts:manage' }, schema: { tags: ['settings'], body: countSettingsBodySchema, response: { 200: counts } } },
    async (request) =>
      answerCommand(ctx, request, changeSettings, { type: 'SetCountSettings', counts: request.body }, {
        data: () => countSettingsView(ctx.db),
        message: 'Count settings saved',
      }),
  );
};
