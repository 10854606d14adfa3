import type { FastifyInstance } from 'fastify';

export async function registerFileRoutes(_app: FastifyInstance): Promise<void> {}
