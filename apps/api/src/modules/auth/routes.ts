import type { FastifyInstance } from 'fastify';

export async function registerAuthRoutes(_app: FastifyInstance): Promise<void> {}
