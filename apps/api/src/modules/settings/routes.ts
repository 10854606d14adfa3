import type { FastifyInstance } from 'fastify';

export async function registerSettingsRoutes(_app: FastifyInstance): Promise<void> {}
