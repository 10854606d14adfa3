import type { FastifyInstance } from 'fastify';

export async function registerIamRoutes(_app: FastifyInstance): Promise<void> {}
