/**
 * First-screen benchmark (issue 8, "the first screen must be fast"): the console as `npm start`
 * runs it (built, then served by the API, precompressed) with the demo data, opened in Chromium
 * with a cold cache (a new browser context each time). For the sign-in route, a cold `/` without
 * a session, and a list (/customer) opened with a stored session it prints the JavaScript files,
 * their raw and transferred bytes, the requests made before the first rows showed, the time to the
 * first screen, and whether the session, the settings and the list's first page were in flight
 * together, beside the targets and a floor built in the same run (React and one antd
 * Button, bundled by the same Vite, brotli 11 as the console's own files).
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { buildConsole, createDataDir, freePort, startConsole, stopConsole, waitForStatus } from '../apps/api/test/support/console-process';
import { launchBrowser } from '../apps/web/e2e/support/browser';
import {
  firstRowsTiming,
  firstScreenCalls,
  javascriptOf,
  overlapped,
  type RecordedRequest,
  recordRequests,
  watchFirstRows,
} from '../apps/web/e2e/support/first-screen';
import { formatTable } from './table';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const OWNER = { email: 'owner@crash.test', password: 'Crash-test-1' };
const LIST_PATH = '/customer';
const TIMEOUT_MS = 60_000;

/** The targets. */
export const TARGETS = { signInKb: 200, listKb: 350, requestsBeforeRows: 15 };

export type ScreenResult = {
  name: string;
  jsFiles: number;
  jsRawKb: number;
  jsTransferredKb: number;
  encodings: string[];
  targetKb?: number;
  requestsBeforeRows?: number;
  /** Median ms from the navigation's start to the screen's first useful content. */
  firstScreenMs?: number;
  overlap?: boolean;
  /** The signed-in console's chunks loaded (they must not be on a public route). */
  privateLayout?: boolean;
  /** Each JavaScript file as sent (name without its hash, kB), in the order asked. */
  scripts?: string[];
  /** What was asked before the first rows showed (path without the hash), in order. */
  beforeRows?: string[];
};

const kb = (bytes: number) => bytes / 1000;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function measureFloor(): Promise<ScreenResult> {
  const outDir = path.join(tmpdir(), `ebox-first-screen-floor-${process.pid}`);
  try {
    await build({
      root: path.join(HERE, 'first-screen-floor'),
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
    });
    const files = readdirSync(path.join(outDir, 'assets')).filter((name) => name.endsWith('.js'));
    const sizes = files.map((name) => {
      const raw = readFileSync(path.join(outDir, 'assets', name));
      return { raw: raw.length, br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length };
    });
    return {
      name: 'floor: React + one antd Button (same Vite)',
      jsFiles: files.length,
      jsRawKb: kb(sizes.reduce((sum, s) => sum + s.raw, 0)),
      jsTransferredKb: kb(sizes.reduce((sum, s) => sum + s.br, 0)),
      encodings: ['br'],
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

async function signInToken(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/io/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as string;
}

type Run = { requests: RecordedRequest[]; firstScreenMs: number; requestsBeforeRows?: number; beforeRows?: string[]; overlap?: boolean };

/** One cold load of `url`; `ready` waits for the screen's first useful content and answers its wall-clock time. */
async function coldLoad(
  browser: Browser,
  baseUrl: string,
  url: string,
  options: { token?: string; rows?: boolean; ready?: (page: import('playwright-core').Page) => Promise<void> },
): Promise<Run> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 800 }, locale: 'pt-BR' });
  context.setDefaultTimeout(TIMEOUT_MS);
  try {
    if (options.token) {
      await context.addInitScript((token) => {
        if (!window.sessionStorage.getItem('bench-seeded')) {
          window.localStorage.setItem('jwt', token);
          window.sessionStorage.setItem('bench-seeded', '1');
        }
      }, options.token);
    }
    if (options.rows) await watchFirstRows(context);
    const recorder = recordRequests(context);
    const page = await context.newPage();
    await page.goto(url);
    let firstScreenAt: number;
    let navigationStart: number;
    if (options.rows) {
      ({ navigationStart, firstRowsAt: firstScreenAt } = await firstRowsTiming(page, TIMEOUT_MS));
    } else {
      await options.ready?.(page);
      ({ navigationStart, now: firstScreenAt } = await page.evaluate(() => ({
        navigationStart: performance.timeOrigin,
        now: performance.timeOrigin + performance.now(),
      })));
    }
    await page.waitForLoadState('networkidle');
    const requests = await recorder.requests();
    const run: Run = { requests, firstScreenMs: firstScreenAt - navigationStart };
    if (options.rows) {
      const beforeRows = requests.filter((r) => r.start <= firstScreenAt).sort((a, b) => a.start - b.start);
      run.requestsBeforeRows = beforeRows.length;
      run.beforeRows = beforeRows.map((r) => unhashed(r.path));
      const calls = firstScreenCalls(requests, LIST_PATH);
      run.overlap =
        Boolean(calls.session && calls.settings && calls.firstPage) &&
        overlapped([calls.session, calls.settings, calls.firstPage] as RecordedRequest[]);
    }
    return run;
  } finally {
    await context.close();
  }
}

/** A path without the build's content hash (`/assets/console-B7rKQNDv.js` -> `console.js`), query string dropped. */
function unhashed(path: string): string {
  const [pathname = path] = path.split('?');
  return pathname.startsWith('/assets/') ? pathname.slice('/assets/'.length).replace(/-[\w-]{8}(\.\w+)$/, '$1') : pathname;
}

/** The signed-in console's chunks (vite.config.ts): the private layout and the kit's list. */
const CONSOLE_CHUNK = /\/assets\/console(-pages)?-[^/]*\.js$/;

function summarise(name: string, runs: Run[], extra: Partial<ScreenResult> = {}): ScreenResult {
  const first = runs[0] as Run;
  const js = javascriptOf(first.requests);
  const scripts = first.requests
    .filter((r) => r.type === 'script' || /\.m?js$/.test(new URL(r.url).pathname))
    .sort((a, b) => a.start - b.start)
    .map((r) => `${unhashed(r.path)} ${kb(r.transferred).toFixed(1)}`);
  return {
    name,
    jsFiles: js.files,
    jsRawKb: kb(js.raw),
    jsTransferredKb: kb(js.transferred),
    encodings: js.encodings,
    firstScreenMs: median(runs.map((r) => r.firstScreenMs)),
    privateLayout: first.requests.some((r) => CONSOLE_CHUNK.test(new URL(r.url).pathname)),
    scripts,
    ...(first.beforeRows ? { beforeRows: first.beforeRows } : {}),
    ...(first.requestsBeforeRows === undefined ? {} : { requestsBeforeRows: Math.max(...runs.map((r) => r.requestsBeforeRows ?? 0)) }),
    ...(first.overlap === undefined ? {} : { overlap: runs.every((r) => r.overlap) }),
    ...extra,
  };
}

export async function runFirstScreenBenchmark(options: { runs?: number; log?: (line: string) => void } = {}): Promise<ScreenResult[]> {
  const log = options.log ?? (() => {});
  const runs = options.runs ?? 3;
  log('building what changed (scripts/build.mjs)...');
  buildConsole();
  log('floor: bundling React + one antd Button...');
  const floor = await measureFloor();
  const dataDir = createDataDir();
  const running = await startConsole({ dataDir, port: await freePort(), pgPort: await freePort(), env: { SEED_DEMO: 'true' } });
  let browser: Browser | undefined;
  try {
    await waitForStatus(running, `${running.baseUrl}/health`, 200, 180_000);
    const token = await signInToken(running.baseUrl);
    browser = await launchBrowser();
    const repeat = async (load: () => Promise<Run>) => {
      const results: Run[] = [];
      for (let i = 0; i < runs; i += 1) results.push(await load());
      return results;
    };
    const signInForm = async (page: import('playwright-core').Page) => {
      await page.locator('[data-testid="sign-in-form"] input').first().waitFor({ state: 'visible' });
    };
    log(`sign-in route, cold, ${runs} loads...`);
    const signIn = await repeat(() => coldLoad(browser as Browser, running.baseUrl, '/auth/signin', { ready: signInForm }));
    log(`/ without a session (redirected to sign-in), cold, ${runs} loads...`);
    const root = await repeat(() => coldLoad(browser as Browser, running.baseUrl, '/', { ready: signInForm }));
    log(`${LIST_PATH} with a stored session, cold, ${runs} loads...`);
    const list = await repeat(() => coldLoad(browser as Browser, running.baseUrl, LIST_PATH, { token, rows: true }));
    return [
      summarise('sign-in (/auth/signin)', signIn, { targetKb: TARGETS.signInKb }),
      summarise('/ without a session -> sign-in', root, { targetKb: TARGETS.signInKb }),
      summarise(`list (${LIST_PATH}), session stored`, list, { targetKb: TARGETS.listKb }),
      floor,
    ];
  } finally {
    await browser?.close();
    await stopConsole(running);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatFirstScreenResults(results: ScreenResult[]): string {
  const yesNo = (value: boolean | undefined) => (value === undefined ? '-' : value ? 'yes' : 'NO');
  const details = results.flatMap((r) => [
    ...(r.scripts ? [`${r.name}, JavaScript (kB sent): ${r.scripts.join(', ')}`] : []),
    ...(r.beforeRows ? [`${r.name}, asked before the first rows: ${r.beforeRows.join(', ')}`] : []),
  ]);
  const table = formatTable(
    [
      'screen (cold cache)',
      'JS files',
      'JS raw kB',
      'JS sent kB',
      'encoding',
      'target kB',
      'private layout',
      'requests to rows',
      'ms to screen',
      'me/settings/page parallel',
    ],
    results.map((r) => [
      r.name,
      String(r.jsFiles),
      r.jsRawKb.toFixed(0),
      r.jsTransferredKb.toFixed(0),
      r.encodings.join('+'),
      r.targetKb === undefined ? '-' : `<= ${r.targetKb}`,
      yesNo(r.privateLayout),
      r.requestsBeforeRows === undefined ? '-' : `${r.requestsBeforeRows} (<= ${TARGETS.requestsBeforeRows})`,
      r.firstScreenMs === undefined ? '-' : r.firstScreenMs.toFixed(0),
      yesNo(r.overlap),
    ]),
  );
  return [table, '', ...details].join('\n');
}
