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
