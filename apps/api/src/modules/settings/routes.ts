import { THEMES } from '@ebox/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOfRequest } from '../../platform/access';
import { getSettings, updateSettings } from './service';

const settingsSchema = z.object({ theme: z.enum(THEMES, 'validation.mixed.oneOf') });
const tags = ['settings'];

/** Spec 7.4 settings: every signed-in console loads them at start; settingsEdit changes them. */
export async function registerSettingsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/settings', { schema: { tags, summary: 'The console settings (theme)', response: { 200: settingsSchema } } }, async (request) =>
    getSettings(contextOfRequest(request)),
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
    },
    async (request) => updateSettings(contextOfRequest(request), request.body.settings),
  );
}
