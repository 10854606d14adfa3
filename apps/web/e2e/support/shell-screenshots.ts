/**
 * Screenshots of the console's shell (auth pages, layout, profile, settings, audit log, outbox,
 * error pages) in both languages and at phone width, for a person to look at.
 *
 *   BASE_URL=http://localhost:8090 OWNER_EMAIL=.. OWNER_PASSWORD=.. OUT_DIR=/tmp/shots \
 *   [UNVERIFIED_EMAIL=.. UNVERIFIED_PASSWORD=..] [WAITING_EMAIL=.. WAITING_PASSWORD=..] [ONLY=signin,home] \
 *     npx tsx apps/web/e2e/support/shell-screenshots.ts
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { animationsSettled, launchBrowser } from './browser';

const BASE_URL = process.env.BASE_URL ?? 'http://localhost:8080';
const OUT_DIR = process.env.OUT_DIR ?? '/tmp/ebox-shell-screenshots';
const OWNER_EMAIL = process.env.OWNER_EMAIL ?? '';
const ONLY = process.env.ONLY?.split(',');

type Language = 'pt-BR' | 'en';
type Viewport = { name: string; width: number; height: number };

const WIDE: Viewport = { name: 'wide', width: 1366, height: 860 };
const NARROW: Viewport = { name: 'narrow', width: 500, height: 900 };

async function signInToken(email: string, password: string): Promise<string> {
  const response = await fetch(`${BASE_URL}/io/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  // The token comes back as a JSON string or as plain text; either way it is the whole body.
  return (await response.text()).replace(/^"|"$/g, '');
}

async function openPage(browser: Browser, viewport: Viewport, language: Language, token?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
  await context.addInitScript(
    ([lang, jwt]) => {
      localStorage.setItem('language', lang as string);
      if (jwt) localStorage.setItem('jwt', jwt);
    },
    [language, token ?? ''],
  );
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[pageerror] ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') console.error(`[console] ${message.text()}`);
  });
  return page;
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await animationsSettled(page);
  const file = join(OUT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log(file);
}

/** Who is signed in: nobody, the owner, a user whose email is not verified, a verified user without roles. */
type Session = false | 'owner' | 'unverified' | 'waiting';

type Shot = { name: string; path: string; signedIn: Session; after?: (page: Page) => Promise<void> };

const CREDENTIALS: Record<Exclude<Session, false>, [string | undefined, string | undefined]> = {
  owner: [process.env.OWNER_EMAIL, process.env.OWNER_PASSWORD],
  unverified: [process.env.UNVERIFIED_EMAIL, process.env.UNVERIFIED_PASSWORD],
  waiting: [process.env.WAITING_EMAIL, process.env.WAITING_PASSWORD],
};

const SHOTS: Shot[] = [
  { name: 'signin', path: '/auth/signin', signedIn: false },
  {
    name: 'signin-error',
    path: '/auth/signin',
    signedIn: false,
    after: async (page) => {
      await page.getByTestId('sign-in-form').locator('input[type=email]').fill('nobody@example.com');
      await page.getByTestId('sign-in-form').locator('input[type=password]').fill('wrong-password');
      await page.getByTestId('sign-in-submit').click();
      await page.getByTestId('form-error').waitFor();
    },
  },
  {
    name: 'signup-rules',
    path: '/auth/signup',
    signedIn: false,
    after: async (page) => {
      const inputs = page.getByTestId('sign-up-form').locator('input');
      await inputs.nth(0).fill('new.user@example.com');
      await inputs.nth(1).fill('123456');
      await inputs.nth(2).fill('1234567');
      await page.getByTestId('sign-up-submit').click();
      // The rules the form broke, shown under its fields.
      await page.locator('.ant-form-item-explain-error').first().waitFor();
    },
  },
  { name: 'forgot-password', path: '/auth/forgot-password', signedIn: false },
  { name: 'password-reset', path: '/auth/password-reset?token=abc', signedIn: false },
  { name: 'account-created', path: '/auth/account-created', signedIn: false },
  { name: 'email-unverified', path: '/auth/email-unverified', signedIn: 'unverified' },
  { name: 'empty-permissions', path: '/auth/empty-permissions', signedIn: 'waiting' },
  {
    name: 'forgot-password-methods',
    path: '/auth/forgot-password',
    signedIn: false,
    after: async (page) => {
      await page.getByTestId('forgot-password-form').locator('input[type=email]').fill(OWNER_EMAIL);
      await page.getByTestId('forgot-password-submit').click();
      await page.getByTestId('reset-method-sms').waitFor();
    },
  },
  { name: 'not-found', path: '/no/such/page', signedIn: false },
  { name: 'forbidden', path: '/403', signedIn: false },
  { name: 'server-error', path: '/500', signedIn: false },
  { name: 'home', path: '/', signedIn: 'owner' },
  { name: 'success-signin', path: '/success-signin', signedIn: 'owner' },
  { name: 'profile', path: '/profile', signedIn: 'owner' },
  { name: 'settings', path: '/settings', signedIn: 'owner' },
  { name: 'audit-logs', path: '/audit-logs', signedIn: 'owner' },
  {
    name: 'audit-log-detail',
    path: '/audit-logs',
    signedIn: 'owner',
    after: async (page) => {
      await page.getByTestId('audit-log-list').getByTestId('row-view').first().click();
      await page.getByTestId('audit-log-detail').waitFor();
    },
  },
  { name: 'outbox', path: '/outbox', signedIn: 'owner' },
  {
    name: 'menu-open',
    path: '/',
    signedIn: 'owner',
    after: async (page) => {
      const toggle = page.getByTestId('menu-toggle');
      const before = await toggle.getAttribute('aria-expanded');
      await toggle.click();
      // The menu has turned (shoot waits for its slide to end).
      await page.locator(`[data-testid="menu-toggle"]:not([aria-expanded="${before}"])`).waitFor();
    },
  },
];

async function main(): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true });
  const tokens: Partial<Record<Exclude<Session, false>, string>> = {};
  for (const [session, [email, password]] of Object.entries(CREDENTIALS)) {
    if (email && password) tokens[session as Exclude<Session, false>] = await signInToken(email, password);
  }
  const browser = await launchBrowser();
  try {
    for (const shot of SHOTS) {
      if (ONLY && !ONLY.includes(shot.name)) continue;
      const token = shot.signedIn ? tokens[shot.signedIn] : undefined;
      if (shot.signedIn && !token) continue;
      for (const language of ['pt-BR', 'en'] as Language[]) {
        for (const viewport of [WIDE, NARROW]) {
          if (shot.name === 'menu-open' && viewport !== NARROW) continue;
          const page = await openPage(browser, viewport, language, token);
          try {
            await page.goto(`${BASE_URL}${shot.path}`);
            await page.waitForLoadState('networkidle');
            if (shot.after) await shot.after(page);
            await shoot(page, `${shot.name}-${language}-${viewport.name}`);
          } catch (error) {
            console.error(`${shot.name} ${language} ${viewport.name}: ${(error as Error).message}`);
          } finally {
            await page.context().close();
          }
        }
      }
    }
  } finally {
    await browser.close();
  }
}

await main();
