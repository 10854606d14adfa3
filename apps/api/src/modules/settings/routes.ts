import { THEMES } from '@ebox/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuthenticated, requirePermission, requireUser } from '../../platform/access';
import { getSettings, updateSettings } from './service';

const settingsSchema = z.object({ theme: z.enum(THEMES, 'validation.mixed.oneOf') });
const tags = ['settings'];

/** Spec 7.4 settings: every signed-in console loads them at start; settingsEdit changes them. */
export async function registerSettingsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/settings',
    { schema: { tags, summary: 'The console settings (theme)', response: { 200: settingsSchema } }, onRequest: requireAuthenticated },
    async () => getSettings(app.deps.db),
  );

  api.put(
    '/settings',
    {
      config: { labelPrefix: 'entities.settings.fields' },
      schema: {
        tags,
        summary: 'Change the console settings',
        body: z.object({ settings: settingsSchema }),
        response: { 200: settingsSchema },
      },
      onRequest: requirePermission('settingsEdit'),
    },
    async (request) => updateSettings(app.deps.db, requireUser(request), request.body.settings),
  );
}
