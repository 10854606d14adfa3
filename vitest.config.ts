import { defineConfig } from 'vitest/config';

/** API test files that replace a module with vi.mock (see the api-isolated project). */
const API_FILES_WITH_MODULE_MOCKS = ['apps/api/test/throwaway-entity.test.ts'];

/**
 * API test files about the embedded PostgreSQL `npm start` runs (they start and kill it themselves):
 * the same whichever database the other files use, so .ci/run's pass against the machine's own
 * services leaves them out (SKIP_EMBEDDED_ONLY_TESTS=1).
 */
const EMBEDDED_ONLY_FILES = process.env.SKIP_EMBEDDED_ONLY_TESTS === '1' ? ['apps/api/test/crash-recovery.test.ts'] : [];

export default defineConfig({
  test: {
    // Two files at a time on two cores (vitest's default is one less than the cores: one): an API
    // file spends much of its time waiting on PostgreSQL, the broker and the real timers of
    // heartbeats and jobs.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/test/**/*.test.ts'],
        },
      },
      {
        // The console's own logic that needs no browser (the theme's colours).
        test: {
          name: 'web',
          include: ['apps/web/test/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          exclude: [...API_FILES_WITH_MODULE_MOCKS, ...EMBEDDED_ONLY_FILES],
          globalSetup: ['apps/api/test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Issue 26: each file loading the whole API anew cost ~5 s of a file's start-up (import
          // 29 s of 75 s for four files); a worker now loads it once and runs its files one after
          // the other. Every file starts its own app on its own database, and nothing registers by
          // being imported, so no state passes from one file to the next through a module.
          isolate: false,
        },
      },
      {
        // A file that swaps a module (vi.mock) runs in a process of its own: the swap must not
        // reach the files a shared worker runs after it.
        test: {
          name: 'api-isolated',
          include: API_FILES_WITH_MODULE_MOCKS,
          globalSetup: ['apps/api/test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          // Virtual lockers against an in-process broker: no database, no API.
          name: 'sim',
          include: ['apps/terminal-sim/test/**/*.test.ts'],
          testTimeout: 20_000,
          pool: 'forks',
        },
      },
      {
        test: {
          // The providers' stand-ins over real HTTP: no database, no API.
          name: 'sandbox',
          include: ['apps/provider-sandbox/test/**/*.test.ts'],
          testTimeout: 20_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.test.ts'],
          globalSetup: ['apps/web/e2e/support/global-setup.ts'],
          // Each test is one screen or one short journey: a few seconds on an idle machine, under
          // 30 s with both cores busy. The budget leaves room for a machine far busier than that.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // expect.poll waits on the page (a form filled in, a menu opened) like any other action:
          // the same 30 s as ACTION_TIMEOUT in e2e/support/browser.ts, not vitest's default 1 s.
          expect: { poll: { timeout: 30_000 } },
          pool: 'forks',
          // Two files at a time on two cores: with both cores kept busy besides, one worker made
          // each test about a third faster but the run 40% longer; the tests are short enough either way.
          maxWorkers: 2,
        },
      },
    ],
  },
});
