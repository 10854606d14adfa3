import type { BrowserContext, Page, Request } from 'playwright-core';

/**
 * What a cold first screen costs, observed in Chromium: every request the page made with its start
 * and end (wall clock, ms), its type, the bytes that went over the wire and the decoded bytes. Used
 * by the first-screen benchmark (bench/first-screen.ts) and by the browser test that keeps the
 * first screen's requests parallel (e2e/first-screen.test.ts). A new browser context has its own
 * empty cache, so each recording is a cold load.
 */
export type RecordedRequest = {
  url: string;
  path: string;
  method: string;
  type: string;
  /** Wall-clock ms when the page issued the request. */
  start: number;
  /** Wall-clock ms when the last byte of the answer arrived. */
  end: number;
  /** Bytes of the body as sent (compressed when content-encoding says so). */
  transferred: number;
  /** Bytes of the body once decoded. */
  raw: number;
  encoding: string;
};

export type Recorder = { requests: () => Promise<RecordedRequest[]>; stop: () => void };

/** Records every finished request of `context` from now on. */
export function recordRequests(context: BrowserContext): Recorder {
  const pending: Promise<RecordedRequest | undefined>[] = [];
  const onFinished = (request: Request) => {
    pending.push(describe(request).catch(() => undefined));
  };
  context.on('requestfinished', onFinished);
  return {
    requests: async () => (await Promise.all(pending)).filter((r): r is RecordedRequest => r !== undefined),
    stop: () => context.off('requestfinished', onFinished),
  };
}

async function describe(request: Request): Promise<RecordedRequest | undefined> {
  const response = await request.response();
  if (!response) return undefined;
  const timing = request.timing();
  const [sizes, headers, body] = await Promise.all([request.sizes(), response.allHeaders(), response.body().catch(() => Buffer.alloc(0))]);
  const url = new URL(request.url());
  return {
    url: request.url(),
    path: url.pathname + url.search,
    method: request.method(),
    type: request.resourceType(),
    start: timing.startTime,
    end: timing.startTime + Math.max(timing.responseEnd, 0),
    transferred: sizes.responseBodySize,
    raw: body.length,
    encoding: headers['content-encoding'] ?? 'identity',
  };
}

/**
 * An init script: the wall-clock time the first table row (the first rows of a list) appeared, in
 * `window.__firstRowsAt`. Plain text, not a function: tsx would wrap a function's inner names in a
 * `__name` helper that does not exist in the page.
 */
const FIRST_ROWS_SCRIPT = `
  new MutationObserver((_records, observer) => {
    if (!document.querySelector('tr.ant-table-row')) return;
    window.__firstRowsAt = performance.timeOrigin + performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
`;

export async function watchFirstRows(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: FIRST_ROWS_SCRIPT });
}

/** Wall-clock ms at which the first rows showed (after waiting for them), and at which the navigation started. */
export async function firstRowsTiming(page: Page, timeout?: number): Promise<{ navigationStart: number; firstRowsAt: number }> {
  await page.locator('tr.ant-table-row').first().waitFor({ state: 'visible', timeout });
  await page.waitForFunction(() => typeof (window as unknown as { __firstRowsAt?: number }).__firstRowsAt === 'number', undefined, {
    timeout,
  });
  return page.evaluate(() => ({
    navigationStart: performance.timeOrigin,
    firstRowsAt: (window as unknown as { __firstRowsAt: number }).__firstRowsAt,
  }));
}

/** The JavaScript files among `requests`, with their counts and bytes. */
export function javascriptOf(requests: RecordedRequest[]): { files: number; raw: number; transferred: number; encodings: string[] } {
  const scripts = requests.filter((r) => r.type === 'script' || /\.m?js(\?|$)/.test(new URL(r.url).pathname));
  return {
    files: scripts.length,
    raw: scripts.reduce((sum, r) => sum + r.raw, 0),
    transferred: scripts.reduce((sum, r) => sum + r.transferred, 0),
    encodings: [...new Set(scripts.map((r) => r.encoding))],
  };
}

/** True when every one of `requests` started before any of them ended: they were all in flight together. */
export function overlapped(requests: RecordedRequest[]): boolean {
  if (requests.length < 2) return false;
  return Math.max(...requests.map((r) => r.start)) < Math.min(...requests.map((r) => r.end));
}

/** The API calls of the first screen: the session, the settings and the first page of `listPath`'s records. */
export function firstScreenCalls(requests: RecordedRequest[], listPath: string) {
  const api = (path: string) => requests.find((r) => r.method === 'GET' && new URL(r.url).pathname === `/io/api/v1${path}`);
  return { session: api('/auth/me'), settings: api('/settings'), firstPage: api(listPath) };
}
