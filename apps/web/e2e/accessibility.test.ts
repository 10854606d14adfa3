import { ENTITIES, type EntityDeclaration, type Language, userEntity } from '@ebox/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { ensureRecord } from '../../api/test/support/entity-samples';
import { entityRoutes } from '../src/app/entity-routes';
import { PAGES } from '../src/app/route-table';
import type { EntityRouteHandle } from '../src/kit/route-entity';
import { nestedScreenOf } from '../src/kit/screens';
import { seriousAxeProblems } from './support/axe';
import { ACTION_TIMEOUT, baseUrl, owner, setUpBrowser, text, uniqueSuffix } from './support/browser';
import { asOwner, createUser } from './support/users';

/**
 * Issue 13: every route the router declares (the console's pages of app/route-table.ts and every
 * entity's screens of app/entity-routes.ts, so a screen added later is checked without anyone
 * adding it here), public and private, in both languages, on a laptop and on a phone, run through
 * axe-core (WCAG 2.1 A and AA plus best practice). A violation of impact serious or critical fails,
 * named by page, rule and element. The structure the issue asks for is checked on its own: one
 * level-one heading, everything inside a landmark, a main landmark, a document title naming the page.
 * The axe run itself is support/axe.ts (AXE_DISABLE_RULES there).
 */

const browser = setUpBrowser();

type Session = 'none' | 'owner' | 'unverified' | 'waiting';
type Visit = { route: string; session: Session; resolve?: () => Promise<string> };

const VIEWPORTS = [
  { name: 'laptop', width: 1366, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const LANGUAGES: Language[] = ['pt-BR', 'en'];

const SESSION_OF: Record<(typeof PAGES)[number]['access'], Session> = {
  public: 'none',
  open: 'none',
  emailUnverified: 'unverified',
  emptyPermissions: 'waiting',
  private: 'owner',
};

/** The record a `:param` names: the route's entity for `:id`, the parent of a nested screen otherwise. */
function entityOfRoute(route: string, handle: EntityRouteHandle | undefined): EntityDeclaration {
  if (route.startsWith('/iam')) return userEntity;
  const entity = handle?.entity ? ENTITIES[handle.entity] : undefined;
  if (!entity) throw new Error(`route ${route} names no entity`);
  return entity;
}

const firstRecordIds = new Map<string, Promise<string>>();

/** The id of a record of the entity, the oldest the demo data (global-setup) leaves; one created when there is none. */
function recordIdOf(entity: EntityDeclaration): Promise<string> {
  let id = firstRecordIds.get(entity.name);
  if (!id) {
    id = (async () => {
      const api = await asOwner();
      // Users are listed at /iam/user (spec 7.2); every other entity at its path.
      const listPath = entity === userEntity ? '/iam/user' : `/${entity.path}`;
      // The oldest: the demo data's, which no test deletes. The newest may be another test file's,
      // deleted while this one walks (the lists test bulk-deletes the customers it made).
      const { rows } = await api<{ rows: { id: string; predefined?: boolean }[] }>('GET', `${listPath}?limit=25&orderBy=createdAt_ASC`);
      // A predefined role opens read-only: its edit route goes to its page.
      const found = rows.find((row) => !row.predefined)?.id ?? (await createRecordOf(entity));
      if (found) return found;
      throw new Error(`no ${entity.name} record to visit its screens with`);
    })();
    firstRecordIds.set(entity.name, id);
  }
  return id;
}

/**
 * A record for an entity the demo data leaves empty: a custom role (only predefined ones exist), and
 * otherwise one made through the API from the declaration's required fields, with real related
 * records (a compartment's locker), as the API's contract tests make them.
 */
async function createRecordOf(entity: EntityDeclaration): Promise<string | undefined> {
  const api = await asOwner();
  if (entity.name === 'role') {
    const created = await api<{ id: string }>('POST', '/role', { data: { name: `a11y ${uniqueSuffix()}`, permissions: ['customerRead'] } });
    return created.id;
  }
  const post = async (path: string, body?: unknown) => ({ status: 200, body: await api('POST', path, body) });
  // A terminal UI build's bytes go to its signed URL, which needs no session (spec 7.4).
  const raw = async (method: string, path: string, body: string, contentType = 'application/octet-stream') => {
    const response = await fetch(`${baseUrl()}/io/api/v1${path}`, { method, headers: { 'content-type': contentType }, body });
    return { status: response.status, body: await response.text() };
  };
  // A record acting for a user (a bot) names the signed-in one: /auth/me.
  const get = async (path: string) => ({ status: 200, body: await api('GET', path) });
  return ensureRecord({ api: { post, get, raw }, cache: sampleRecords }, entity.name);
}

const sampleRecords = new Map<string, string>();

/** The address to open for a declared route: parameters filled with real records, optional ones dropped. */
function resolverOf(route: string, handle: EntityRouteHandle | undefined): (() => Promise<string>) | undefined {
  if (!route.includes(':')) return undefined;
  return async () => {
    const entity = entityOfRoute(route, handle);
    let address = route.replace(/\/:[A-Za-z]+\?/g, '');
    for (const [segment, name] of address.matchAll(/:([A-Za-z]+)/g)) {
      const nested = nestedScreenOf(entity);
      const owner = name === 'id' ? entity : nested && name === nested.param ? ENTITIES[nested.parentEntity] : undefined;
      if (!owner) throw new Error(`route ${route}: no record for :${name}`);
      address = address.replace(segment, await recordIdOf(owner));
    }
    return address;
  };
}

/** Every route of the router, as the console declares them. */
function declaredVisits(): Visit[] {
  const visits: Visit[] = PAGES.map((page) => ({
    route: page.access === 'private' ? `/${page.path}` : page.path,
    session: SESSION_OF[page.access],
  }));
  for (const route of entityRoutes) {
    const path = route.path ?? '';
    visits.push({ route: path, session: 'owner', resolve: resolverOf(path, route.handle as EntityRouteHandle | undefined) });
  }
  // The router's catch-all.
  visits.push({ route: '/no-such-page', session: 'owner' });
  return visits;
}

/** Pages whose own address changes once they open (the success page goes home). */
const LEAVES_BY_ITSELF = new Set(['/success-signin']);

async function tokenOf(session: Exclude<Session, 'none'>): Promise<string> {
  if (session === 'owner') return signInToken(owner().email, owner().password);
  if (session === 'waiting') {
    const user = await createUser([], 'a11y-waiting');
    return signInToken(user.email, user.password);
  }
  // Signed up, never verified: the sign-up answers the session's token.
  const response = await fetch(`${baseUrl()}/io/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `a11y-unverified.${uniqueSuffix()}@e2e.test`, password: 'Qwerty-e2e-7' }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status}`);
  return (await response.json()) as string;
}

async function signInToken(email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/io/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return (await response.json()) as string;
}

type Combination = { language: Language; viewport: (typeof VIEWPORTS)[number] };
const COMBINATIONS: Combination[] = LANGUAGES.flatMap((language) => VIEWPORTS.map((viewport) => ({ language, viewport })));

const SESSIONS: Session[] = ['none', 'owner', 'unverified', 'waiting'];

/**
 * One page per combination and session, opened before the first route and reused by every route
 * after (setUpBrowser closes only the contexts a test opens itself).
 */
function setUpPages(browserOf: () => Browser): (combination: Combination, session: Session) => Page {
  const pages = new Map<string, Page>();
  const keyOf = (combination: Combination, session: Session) => `${combination.language}/${combination.viewport.name}/${session}`;
  beforeAll(async () => {
    const tokens = new Map<Session, string>();
    for (const session of SESSIONS) tokens.set(session, session === 'none' ? '' : await tokenOf(session));
    for (const combination of COMBINATIONS) {
      for (const session of SESSIONS) {
        const context: BrowserContext = await browserOf().newContext({
          baseURL: baseUrl(),
          viewport: { width: combination.viewport.width, height: combination.viewport.height },
          locale: combination.language === 'en' ? 'en-US' : 'pt-BR',
          timezoneId: 'America/Sao_Paulo',
          // The console's Content-Security-Policy refuses an injected script; production keeps it.
          bypassCSP: true,
          // Pages are judged at rest: a menu item still fading to its selected colour is not what a
          // reader sees (reduced motion cuts the transitions; the colours at rest are the same).
          reducedMotion: 'reduce',
        });
        context.setDefaultTimeout(ACTION_TIMEOUT);
        await context.addInitScript(
          ([language, jwt]) => {
            window.localStorage.setItem('language', language as string);
            if (jwt) window.localStorage.setItem('jwt', jwt);
          },
          [combination.language, tokens.get(session) ?? ''],
        );
        pages.set(keyOf(combination, session), await context.newPage());
      }
    }
  });
  return (combination, session) => {
    const page = pages.get(keyOf(combination, session));
    if (!page) throw new Error('the pages open in beforeAll');
    return page;
  };
}

/**
 * Opens an address the way a user moves through the console: the first one loads the console, the
 * next ones are the router's own navigations (a history entry and a popstate, as Back does), which
 * is quicker than starting the console again and checks that headings and titles follow a navigation.
 */
async function open(page: Page, address: string): Promise<void> {
  const started = await page.evaluate(() => 'axe' in window).catch(() => false);
  if (!started) {
    await page.goto(address);
    return;
  }
  await page.evaluate((to) => {
    // The heading on screen now belongs to the page being left: settle waits for a new one. React
    // may keep the element for the next page and change only its text (/role/new then
    // /role/:id/edit, one form page: each settle waited its whole 15 s), so the mark holds the text
    // left behind.
    for (const heading of document.querySelectorAll('h1')) heading.setAttribute('data-left', heading.textContent ?? '');
    const index = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: index }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, address);
  // The router answers the popstate with a render: let it start (its progress bar, the new page's
  // chunk) before settle looks for a finished page, or the previous page would be checked again.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Waits until the page has drawn what it loads: its heading, and no spinner, skeleton or navigation bar left. */
async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('h1')].some((heading) => heading.getAttribute('data-left') !== heading.textContent) &&
        !document.querySelector('.ant-spin-spinning, .ant-skeleton-active, .navigation-progress, [data-testid="page-loading"]'),
      undefined,
      { timeout: 15_000, polling: 100 },
    )
    // A page without a heading is reported below, as it is.
    .catch(() => {});
  // The menu item of the page just opened fades to its selected colours: axe reading it mid-way
  // measured a contrast no user sees for more than a moment. Wait for every finite transition and
  // animation to end (spinners run forever and are left out).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
      undefined,
      { timeout: 5_000, polling: 'raf' },
    )
    .catch(() => {});
  await page.evaluate(() => new Promise((resolve) => setTimeout(() => requestAnimationFrame(resolve), 150)));
}

/** What is wrong on one page: axe's serious and critical violations, then the structure the issue asks for. */
async function problemsOn(page: Page, address: string, route: string, combination: Combination): Promise<string[]> {
  await open(page, address);
  await settle(page);
  const where = `${route} (${combination.language}, ${combination.viewport.name})`;
  const pathname = new URL(page.url()).pathname;
  if (pathname !== address.split('?')[0] && !LEAVES_BY_ITSELF.has(route)) return [`${where}: opened ${pathname} instead of ${address}`];
  const problems = (await seriousAxeProblems(page)).map((problem) => `${where}: ${problem}`);
  // A control named only by an antd icon's English label ("close-circle", "search"): the name is
  // not in the user's language and says nothing of what the control does. Clear buttons count even
  // while hidden (they show as soon as a field has a value).
  const iconNamed = await page.evaluate(() =>
    [...document.querySelectorAll('.anticon[aria-label]')]
      .filter((icon) => icon.classList.contains(`anticon-${icon.getAttribute('aria-label')}`) && !icon.closest('[aria-hidden="true"]'))
      .map((icon) => ({
        icon: icon.getAttribute('aria-label'),
        control: icon.closest('button, a, [role="button"], [role="link"], [role="tab"]'),
      }))
      .filter(
        ({ control }) =>
          control && !control.getAttribute('aria-label') && !control.getAttribute('aria-labelledby') && !control.textContent?.trim(),
      )
      .map(({ icon, control }) => `${control?.tagName.toLowerCase()}.${[...(control?.classList ?? [])].join('.')} named "${icon}"`),
  );
  for (const control of new Set(iconNamed)) problems.push(`${where}: control named by its icon's English name: ${control}`);
  const structure = await page.evaluate(() => ({
    headings: [...document.querySelectorAll('h1')].map((heading) => heading.textContent?.trim() ?? ''),
    title: document.title,
  }));
  const appTitle = text(combination.language, 'app.title');
  if (structure.headings.length !== 1)
    problems.push(`${where}: ${structure.headings.length} h1 (${structure.headings.join(' / ')}), one expected`);
  else if (!structure.title.includes(structure.headings[0] ?? '') || structure.title === appTitle)
    problems.push(`${where}: document title "${structure.title}" does not name the page "${structure.headings[0]}"`);
  return problems;
}

describe('issue 13: axe-core finds nothing serious on any route, in both languages, on a laptop and on a phone', () => {
  const pageFor = setUpPages(browser);
  for (const visit of declaredVisits()) {
    test(`${visit.route} (${visit.session === 'none' ? 'signed out' : visit.session})`, async () => {
      const address = visit.resolve ? await visit.resolve() : visit.route;
      // The four combinations side by side: one Chromium, a page each, the routes one after another.
      const problems = await Promise.all(
        COMBINATIONS.map(async (combination) => problemsOn(pageFor(combination, visit.session), address, visit.route, combination)),
      );
      expect(problems.flat(), `accessibility problems on ${visit.route}`).toEqual([]);
    });
  }
});
