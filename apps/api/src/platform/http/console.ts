import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The built console is served by the API; unknown paths get index.html so client routes work
 * (paths under `apiPrefix`, and anything but GET, get a 404). The web build writes .br and .gz
 * files beside each asset; they are sent to a browser that accepts them, so the first screen
 * costs its compressed size without compressing per request.
 */
export async function serveConsole(app: FastifyInstance, webDistDir: string, apiPrefix: string): Promise<void> {
  if (!existsSync(webDistDir)) return;
  const served = {
    preCompressed: true,
    cacheControl: false,
    setHeaders: (response: { setHeader(name: string, value: string): unknown }, filePath: string) => {
      response.setHeader('cache-control', cacheControlOf(path.relative(webDistDir, filePath)));
      response.setHeader('vary', 'accept-encoding');
    },
  };
  // The hashed files (a few hundred) behind one route: a route per file cost a tenth of a second of
  // every start. The compressed siblings are reached through the file they compress, not by their own URL.
  const assetsDir = path.join(webDistDir, 'assets');
  if (existsSync(assetsDir)) {
    await app.register(fastifyStatic, {
      ...served,
      root: assetsDir,
      prefix: '/assets/',
      wildcard: true,
      allowedPath: (pathName) => !COMPRESSED_SIBLING.test(pathName),
      decorateReply: false,
    });
  }
  // The few files beside index.html, a route each.
  await app.register(fastifyStatic, {
    ...served,
    root: webDistDir,
    wildcard: false,
    globIgnore: ['**/*.br', '**/*.gz', 'assets/**'],
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' || request.url.startsWith(apiPrefix)) {
      return reply.status(404).send({ error: { code: 'routeNotFound', message: 'Not found' } });
    }
    return reply.sendFile('index.html');
  });
}

const COMPRESSED_SIBLING = /\.(br|gz)$/;

/**
 * index.html names the hashed files of the current build, so a browser must ask again each time
 * (a conditional request, answered 304 when unchanged); the hashed files under /assets never change
 * under their name and are kept for a year; anything else (favicon) is kept briefly.
 */
function cacheControlOf(relativePath: string): string {
  const file = relativePath
    .split(path.sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (file === 'index.html') return 'no-cache';
  if (file.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}
