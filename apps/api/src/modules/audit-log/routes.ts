import type { FastifyInstance } from 'fastify';

export async function registerAuditLogRoutes(_app: FastifyInstance): Promise<void> {}
