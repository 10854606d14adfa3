import type { FastifyInstance } from 'fastify';

export async function registerKitRoutes(_app: FastifyInstance): Promise<void> {}
