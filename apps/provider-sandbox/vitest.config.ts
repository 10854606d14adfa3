import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The provider sandbox's own tests: real HTTP against a started sandbox, no database or API.
 * Run with `npx vitest run --config apps/provider-sandbox/vitest.config.ts` (the root config lists
 * its projects one by one and has none for the sandbox yet).
 */
export default defineConfig({
  test: {
    name: 'sandbox',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    pool: 'forks',
  },
});
