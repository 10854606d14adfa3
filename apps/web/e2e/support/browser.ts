import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Language, MESSAGE_FORMATS, messages } from '@ebox/domain';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import type { MailboxEntry } from './global-setup';

/**
 * What every journey needs: Debian's Chromium driven by playwright-core, pages that start in a
 * chosen language, signing in through the sign-in form, mail read from the real SMTP server, the
 * console's own texts (so a test reads "the button the user sees" in either language), and
 * screenshots to look at afterwards.
 */

export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../screenshots');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * How long one action (a click, a fill, a navigation, a wait for something to show) may take. A
 * screen answers in well under a second on an idle machine; on two cores kept busy by other work
 * (load average above 10) a click was seen to need 15 s, so each wait keeps twice that as headroom.
 * Tests stay short (one screen or one journey step each) so several such waits still fit their budget.
 */
export const ACTION_TIMEOUT = 30_000;

export const baseUrl = (): string => inject('e2eBaseUrl');
export const owner = (): { email: string; password: string } => inject('e2eOwner');

/** Waits until the user can see `locator` (playwright-core has no web-first `expect`); fails after the timeout. */
export async function see(locator: Locator, timeout?: number): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator;
}

/** Waits until `locator` is gone from view (hidden or detached). */
export async function seeNo(locator: Locator, timeout?: number): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
}

function fileNameOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}

/**
 * One Chromium per test file. After each test the contexts it opened are closed (those opened in a
 * beforeAll, shared by the tests of a describe, stay open); when the test failed, each open page is
 * first saved to screenshots/failures/ so the failure can be seen.
 */
export function setUpBrowser(): () => Browser {
  let browser: Browser | undefined;
  let openedBefore = new Set<BrowserContext>();
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  beforeEach(() => {
    openedBefore = new Set(browser?.contexts());
  });
  afterEach(async (context) => {
    if (!browser) return;
    const failed = context.task.result?.state === 'fail';
    let index = 0;
    for (const browserContext of browser.contexts()) {
      if (failed) {
        for (const page of browserContext.pages()) {
          index += 1;
          mkdirSync(path.join(SCREENSHOT_DIR, 'failures'), { recursive: true });
          const file = path.join(SCREENSHOT_DIR, 'failures', `${fileNameOf(context.task.fullName)}-${index}.png`);
          await page.screenshot({ path: file, fullPage: true }).catch(() => {});
        }
      }
      if (!openedBefore.has(browserContext)) await browserContext.close().catch(() => {});
    }
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser starts in beforeAll');
    return browser;
  };
}

/**
 * One page with the owner signed in, opened in the enclosing describe's beforeAll and shared by its
 * tests: a walk over many screens is then one short test per screen, without signing in for each.
 */
export function setUpOwnerPage(browser: () => Browser, options: PageOptions = {}): () => Page {
  let page: Page | undefined;
  beforeAll(async () => {
    page = (await ownerPage(browser(), options)).page;
  });
  return () => {
    if (!page) throw new Error('the owner page opens in beforeAll');
    return page;
  };
}

export type PageOptions = {
  language?: Language;
  /** Width and height of the window; 1366 x 900 by default (a common laptop). */
  viewport?: { width: number; height: number };
  /** The page will run axe, injected as an inline script the console's Content-Security-Policy refuses. */
  axe?: boolean;
};

/**
 * A fresh browser context (its own local storage, so its own session) with one page. The language
 * is written to local storage before the console starts, only when none was chosen yet, so a
 * switch made in the header survives reloads as it does for a user.
 */
export async function newPage(browser: Browser, options: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: options.viewport ?? { width: 1366, height: 900 },
    acceptDownloads: true,
    locale: options.language === 'en' ? 'en-US' : 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    bypassCSP: options.axe === true,
    // As a user who asks for less motion: popups and dialogs are where they end at once, so a test
    // acts on them without waiting out their animations (and proves the console works that way).
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(ACTION_TIMEOUT);
  const language = options.language ?? 'pt-BR';
  await context.addInitScript((lang) => {
    if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', lang);
  }, language);
  const page = await context.newPage();
  return { context, page };
}

/**
 * A console text in a language, looked up in the same translations the console uses. Throws when
 * the key is missing, so a test never silently asserts a raw key.
 */
export function text(language: Language, key: string, values: Record<string, string | number> = {}): string {
  const lookup = (path: string): unknown => {
    let node: unknown = messages[language];
    for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    return node;
  };
  let node = lookup(key);
  // Plural forms, as i18next picks them: key_zero for 0 when written, else key_one, key_other... by
  // the language's plural rules (in Portuguese 0 is "one": without _zero it reads "0 registro").
  if (node === undefined && typeof values.count === 'number') {
    node =
      (values.count === 0 ? lookup(`${key}_zero`) : undefined) ??
      lookup(`${key}_${new Intl.PluralRules(language).select(values.count)}`) ??
      lookup(`${key}_other`);
  }
  if (typeof node !== 'string') throw new Error(`no ${language} text for ${key}`);
  return node.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (_match, name: string, format?: string) => {
    const value = values[name] ?? '';
    const formatted = format ? MESSAGE_FORMATS[format] : undefined;
    return formatted ? formatted(value, language) : String(value);
  });
}

/** Signs in through the sign-in form, as a user does, and waits until the console has let them in. */
export async function signIn(page: Page, email: string, password: string, language: Language = 'pt-BR'): Promise<void> {
  await page.goto('/auth/signin');
  await page.getByLabel(text(language, 'auth.fields.email')).fill(email);
  await page.getByLabel(text(language, 'auth.fields.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text(language, 'auth.signin.submit') }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/signin'));
}

/** A page of a new context with the owner signed in. */
export async function ownerPage(browser: Browser, options: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, options);
  await signIn(opened.page, owner().email, owner().password, options.language ?? 'pt-BR');
  return opened;
}

/** A short unique suffix, so parallel files and repeated runs never collide on names or emails. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export type ApiCaller = <T = any>(method: string, path: string, body?: unknown) => Promise<T>;

/**
 * Calls the API directly with a user's token, for preparing data a journey starts from (the screens
 * under test are still driven through the browser).
 */
export async function apiAs(email: string, password: string): Promise<ApiCaller> {
  const signInResponse = await fetch(`${baseUrl()}/io/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!signInResponse.ok) throw new Error(`sign-in of ${email} failed: ${signInResponse.status} ${await signInResponse.text()}`);
  const token = (await signInResponse.json()) as string;
  return async (method, apiPath, body) => {
    const response = await fetch(`${baseUrl()}/io/api/v1${apiPath}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await response.text();
    if (!response.ok) throw new Error(`${method} ${apiPath} answered ${response.status}: ${answer}`);
    return (answer ? JSON.parse(answer) : null) as any;
  };
}

/** Waits for a mail to `to` (and whose subject contains `subject`) to reach the SMTP server. */
export async function waitForMail(to: string, subject?: string, timeoutMs = ACTION_TIMEOUT): Promise<MailboxEntry> {
  const deadline = Date.now() + timeoutMs;
  const wanted = to.toLowerCase();
  for (;;) {
    const mails = (await (await fetch(inject('e2eMailboxUrl'))).json()) as MailboxEntry[];
    const found = mails.find(
      (mail) => mail.to.some((address) => address.toLowerCase() === wanted) && (!subject || mail.subject.includes(subject)),
    );
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to}${subject ? ` about "${subject}"` : ''} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first console link in a mail's text that opens `page` (e.g. /auth/verify-email). */
export function linkInMail(mail: MailboxEntry, page: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((candidate) => new URL(candidate).pathname === page);
  if (!link) throw new Error(`no ${page} link in mail "${mail.subject}"`);
  return link;
}

/**
 * Pictures are for a person to open after a local run. CI (`CI` set, as .ci/run does) opens none,
 * and waiting for each page to go quiet, then drawing and encoding it whole, was more than half of
 * the browser run's time (35 to 38 min with the 258 pictures, 15 min without, on this 2-core
 * machine). E2E_SCREENSHOTS=1 takes them anyway; E2E_SCREENSHOTS=0 skips them locally.
 */
const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS ? process.env.E2E_SCREENSHOTS === '1' : !process.env.CI;

/**
 * A full-page screenshot in /work/main/screenshots/<name>.png, once the page has settled. `live`:
 * the page holds its live stream (GET /live), so its network never goes idle: only its animations
 * are waited for. `fullPage: false`: the window only. Without pictures (see TAKE_SCREENSHOTS) the
 * animations are still waited for, so the steps after it start from the same resting page.
 */
export async function screenshot(page: Page, name: string, options: { live?: boolean; fullPage?: boolean } = {}): Promise<string> {
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  if (!TAKE_SCREENSHOTS) {
    await animationsSettled(page);
    return file;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  if (!options.live) await page.waitForLoadState('networkidle').catch(() => {});
  await animationsSettled(page);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
  return file;
}

/**
 * Waits until antd's enter animations (drawers, dropdowns, toasts, waves) have finished, so a
 * picture shows the resting state however slowly the machine draws. Endless ones (spinners) are
 * not waited for, and a chain that never settles stops the wait after ACTION_TIMEOUT.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async (cap) => {
    // rc-motion starts an animation a frame after the element mounts: let it begin first.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = () =>
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
    const deadline = Date.now() + cap;
    for (let running = finite(); running.length > 0 && Date.now() < deadline; running = finite()) {
      await Promise.race([
        Promise.all(running.map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, deadline - Date.now())),
      ]);
    }
  }, ACTION_TIMEOUT);
}
