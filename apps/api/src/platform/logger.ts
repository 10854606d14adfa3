import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';
import type { Config } from '../config';

/**
 * What the console writes while it runs. On a terminal, readable lines (pino-pretty); otherwise,
 * or with LOG_FORMAT=json, one JSON object per line for a log collector. Writes are synchronous so
 * log lines and the start-up box printed on stdout come out in the order they were written.
 */
export async function loggerOptionsOf(config: Config) {
  if (config.logFormat === 'json') return { level: config.logLevel, stream: pino.destination({ dest: 1, sync: true }) };
  const { default: pretty } = await import('pino-pretty');
  const stream = pretty({
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    // The request line already says these; repeating them under it would double every call.
    ignore: 'pid,hostname,reqId,method,path,statusCode,responseTime',
  });
  return { level: config.logLevel, stream };
}

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
