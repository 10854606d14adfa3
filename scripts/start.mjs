/**
 * `npm start`: builds what changed since the last start (scripts/build.mjs), then runs the compiled
 * API in this very process, so signals and `kill` reach the server itself rather than a wrapper.
 */
import { pathToFileURL } from 'node:url';
import { API_ENTRY, buildIfChanged } from './build.mjs';

await buildIfChanged();
await import(pathToFileURL(API_ENTRY).href);
