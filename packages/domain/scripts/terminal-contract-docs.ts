import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { buildTerminalAsyncApi } from '../src/terminal/asyncapi';

/**
 * Writes docs/terminal-contract.asyncapi.yaml from the zod schemas of the terminal link
 * (`npm run contract:docs`). With --check it writes nothing and fails when the committed file is
 * stale, which is what the domain test does too.
 */
export const ASYNCAPI_PATH = resolve(dirname(fileURLToPath(import.meta.url)), '../../../docs/terminal-contract.asyncapi.yaml');

export function renderTerminalAsyncApi(): string {
  const header = '# Generated from packages/domain/src/terminal by `npm run contract:docs`. Do not edit by hand.\n';
  return header + stringify(buildTerminalAsyncApi(), { lineWidth: 0, aliasDuplicateObjects: false });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rendered = renderTerminalAsyncApi();
  if (process.argv.includes('--check')) {
    const current = readFileSync(ASYNCAPI_PATH, 'utf8');
    if (current !== rendered) {
      console.error(`${ASYNCAPI_PATH} is stale: run npm run contract:docs`);
      process.exit(1);
    }
  } else {
    writeFileSync(ASYNCAPI_PATH, rendered);
    console.log(`wrote ${ASYNCAPI_PATH}`);
  }
}
