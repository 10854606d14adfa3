import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
