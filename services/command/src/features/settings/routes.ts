import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pickingSettingsSchema, successEnvelope, updatePickingSettingsBodySchema, WAREHOUSE_SETTINGS_STREAM } from '@wh/contracts';
import type { AppContext } from '../../platform/app-context.ts';
import { runOnStream } from '../../platform/command.ts';
import { metadataOf, ok } from '../../platform/http.ts';
import { decideSettings } from './decide.ts';
import { pickingSettings } from './queries.ts';
import { settingsDecider } from './settings.ts';

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
      const now = ctx.now();
      const { append } = await runOnStream(
        ctx.db,
        {
          streamId: WAREHOUSE_SETTINGS_STREAM,
          decider: settingsDecider,
          decide: (state) => decideSettings({ type: 'SetScanLocationFirst', scan_location_first: request.body.scan_location_first }, state, now),
        },
        metadataOf(request),
      );
      const extra = await ctx.afterCommit(append);
      const on = request.body.scan_location_first;
      return ok(await pickingSettings(ctx.db), { message: on ? 'Pickers scan the location before each item' : 'Pickers scan items without the location', ...extra });
    },
  );
};
