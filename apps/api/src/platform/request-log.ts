import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One line per API call, when it completes (method, path, status, time), and nothing for the
 * console's static files and the health checks a load balancer repeats. The query string is left
 * out: signed file URLs carry their signature there.
 */
export class ApiRequestLog extends LogController {
  constructor(private readonly apiPrefix: string) {
    super();
  }

  override isLogDisabled(request: FastifyRequest): boolean {
    return !request.url?.startsWith(this.apiPrefix);
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const path = request.url.split('?')[0];
    const entry = { method: request.method, path, statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime) };
    const message = `${request.method} ${path} ${reply.statusCode} ${entry.responseTime}ms`;
    if (error) reply.log.error({ ...entry, err: error }, message);
    else reply.log.info(entry, message);
  }
}
