/**
 * `npm run worker`: builds what changed (scripts/build.mjs), then runs the compiled job worker in
 * this process (apps/api/src/worker.ts), like `npm start` does for the API.
 */
import { pathToFileURL } from 'node:url';
import { buildIfChanged, WORKER_ENTRY } from './build.mjs';

// the worker serves no pages: only the API's bundles are needed
await buildIfChanged({ only: ['api'] });
await import(pathToFileURL(WORKER_ENTRY).href);
