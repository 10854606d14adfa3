import { randomUUID } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { VirtualTerminal } from '../../terminal-sim/src';
import { seriousAxeProblems } from './support/axe';
import { ACTION_TIMEOUT, screenshot, see, setUpBrowser, signIn, text } from './support/browser';
import { chooseOption, seeToast } from './support/controls';
import { type OwnConsole, startOwnConsole, startVirtualTerminal } from './support/own-console';

/**
 * Issue 33 item 1, "How it is checked", in the browser: the owner gives a maintenance role its
 * rights at the locker's screen in the role form and hands it to a technician, who has a PIN; a
 * virtual locker plays the technician's maintenance visit (sign in with the PIN, test-open one
 * compartment, lock another as damaged, sign out) and the owner sees the damaged door on the
 * locker's live face and the visit in the audit log under the technician's name, not the
 * terminal's. axe finds no serious problem on the role form nor on the audit log.
 *
 * A console of its own (support/own-console.ts) with the embedded broker, as `npm start` runs it:
 * the shared console has no terminal link.
 */

const browser = setUpBrowser();
const say = (key: string, values?: Record<string, string | number>) => text('pt-BR', key, values);

const ROLE_NAME = 'Manutenção de campo';
const TECHNICIAN = { email: 'rita.tecnica@own.e2e.ebox.local', password: 'Tecnica-e2e-7', firstName: 'Rita', lastName: 'Andrade' };
const TECHNICIAN_NAME = `${TECHNICIAN.firstName} ${TECHNICIAN.lastName}`;
const PIN = '482913';
const LOCKER = { name: 'Armário Vila Mariana', code: 'VMAR1' };
const TESTED = 1;
const DAMAGED = 2;

let own: OwnConsole;
let terminal: VirtualTerminal | undefined;
let terminalId = '';
let lockerId = '';
let technicianId = '';
let configured: Promise<void> = Promise.resolve();

/** A call to the own console's API as someone other than the owner (the technician), JSON in and out. */
async function callAs<T>(token: string | undefined, method: string, apiPath: string, body?: unknown): Promise<T> {
  const response = await fetch(`${own.baseUrl}/io/api/v1${apiPath}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${apiPath}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  own = await startOwnConsole({ mqtt: true, heartbeatSeconds: 2 });
  const call = <T = any>(method: string, apiPath: string, body?: unknown) => own.call<T>(method, apiPath, body);
  // A locker of one column of three small doors.
  const small = await call('POST', '/compartimentLayout', { data: { code: 'P', name: 'Pequeno', width: 40, height: 12, depth: 50 } });
  const column = await call('POST', '/eboxModule', { data: { name: 'Coluna P', code: 'CP3' } });
  for (const staticNumber of [1, 2, 3]) {
    await call('POST', '/eboxModuleCompartiment', { data: { eboxModule: column.id, staticNumber, compartimentLayout: small.id } });
  }
  terminalId = randomUUID();
  lockerId = (
    await call('POST', '/ebox', {
      data: { ...LOCKER, terminalId, eboxModule: [column.id], startNumber: 1, boardNumber: 1, enable: true },
    })
  ).id;
  await call('POST', '/ebox/generateCompartiments', { data: { ebox: lockerId } });
  const compartments = (await call('GET', `/compartiment?filter[ebox]=${lockerId}&limit=100`)).rows as {
    number: number;
    boardNumber: number;
    comNumber: number;
  }[];
  ({ terminal, configured } = await startVirtualTerminal(own, {
    lockerId,
    terminalId,
    compartments: compartments.map((row) => ({ number: row.number, boardNumber: row.boardNumber, channel: row.comNumber - 1 })),
    // The visit's compartment test waits for the door to shut again before the lock (as a
    // technician closes it): a short time, or that wait is the test's longest step.
    doorCloseAfterMs: 1_000,
  }));

  // The technician signs up, gives their name and sets their PIN on their profile (as the profile
  // card does: PUT /auth/terminal-pin). No mail server here, so the account stays unverified: the
  // terminal sign-in does not ask for a verified e-mail (docs/terminal-people.md).
  const token = await callAs<string>(undefined, 'POST', '/auth/sign-up', { email: TECHNICIAN.email, password: TECHNICIAN.password });
  await callAs(token, 'PUT', '/auth/profile', { profile: { firstName: TECHNICIAN.firstName, lastName: TECHNICIAN.lastName } });
  await callAs(token, 'PUT', '/auth/terminal-pin', { pin: PIN });
  technicianId = (await callAs<{ id: string }>(token, 'GET', '/auth/me')).id;
}, 120_000);

afterAll(async () => {
  await terminal?.stop().catch(() => {});
  await own?.close();
});

async function ownerPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser().newContext({
    baseURL: own.baseUrl,
    viewport: { width: 1366, height: 900 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // axe is added as an inline script, which the console's Content-Security-Policy refuses.
    bypassCSP: true,
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(ACTION_TIMEOUT);
  await context.addInitScript(() => window.localStorage.setItem('language', 'pt-BR'));
  const page = await context.newPage();
  await signIn(page, own.owner.email, own.owner.password);
  return { context, page };
}

/** The trimmed texts of one column of the list's rows, found by its header. */
async function columnTexts(list: Locator, header: string): Promise<string[]> {
  const headers = (await list.locator('thead th').allInnerTexts()).map((cell) => cell.trim());
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`no column ${header} in ${headers.join(', ')}`);
  const cells = await list.locator(`.ant-table-row td:nth-child(${index + 1})`).allInnerTexts();
  return cells.map((cell) => cell.trim());
}

type AuditRow = { action: string; entityName: string; createdByEmail: string | null; actorLabel: string | null; values: unknown };

describe("a technician's maintenance visit at a locker (pt-BR)", () => {
  test('a role given its rights in the role form lets the technician in; the visit shows on the locker and in the audit log under their name', async () => {
    const { page } = await ownerPage();

    // 1. The role form: a new role with every right at the locker's screen, by the group's "select all".
    await page.goto('/role/new');
    await page.getByLabel(say('entities.role.fields.name'), { exact: true }).fill(ROLE_NAME);
    const group = page.getByTestId('permission-group-terminalSide');
    await see(group);
    expect(await group.getAttribute('aria-label')).toBe(
      `${say('role.permissionPicker.selectGroup')}: ${say('permissions.groups.terminalSide')}`,
    );
    await group.check();
    await see(page.getByTestId('permissions-selected-count').getByText(say('role.permissionPicker.totalSelected', { count: 16 })));
    expect(await page.getByTestId('permission-dependencies').count()).toBe(0);
    expect(await seriousAxeProblems(page)).toEqual([]);
    await screenshot(page, 'issue-33/maintenance-role-form-pt-BR');
    await page.getByTestId('form-submit').click();
    await seeToast(page, say('entities.role.create.success'));
    const roles = await own.call<{ rows: { id: string; name: string; permissions: string[] }[] }>(
      'GET',
      `/role?filter[name]=${encodeURIComponent(ROLE_NAME)}&limit=10`,
    );
    const role = roles.rows.find((row) => row.name === ROLE_NAME);
    expect(role?.permissions).toHaveLength(16);
    expect(role?.permissions.every((permission) => permission.startsWith('terminal'))).toBe(true);
    expect(role?.permissions).toEqual(expect.arrayContaining(['terminalCompartmentTest', 'terminalCompartmentEdit']));

    // 2. The technician is given the role in the user form.
    await page.goto(`/iam/${technicianId}/edit`);
    await see(page.getByTestId('iam-edit-page'));
    await chooseOption(page, say('entities.user.fields.roles'), ROLE_NAME, 'Manutenção');
    await page.getByRole('button', { name: say('kit.actions.save') }).click();
    await page.waitForURL((url) => url.pathname === '/iam');
    const technician = await own.call<{ roles: unknown[] }>('GET', `/iam/${technicianId}`);
    expect(JSON.stringify(technician.roles)).toContain(role?.id);

    // 3. The owner watches the locker's face while the technician works at its screen.
    await page.goto(`/ebox/${lockerId}`);
    const face = page.getByTestId('locker-face');
    await expect.poll(() => face.getByTestId('locker-cell').count()).toBe(3);
    await expect.poll(() => page.getByTestId('ebox-status').getAttribute('data-status'), { timeout: 20_000 }).toBe('online');
    const damagedCell = face.locator(`[data-testid="locker-cell"][data-number="${DAMAGED}"]`);
    expect(await damagedCell.getAttribute('data-status')).toBe('AVAILABLE');
    const loads = await page.evaluate(() => performance.getEntriesByType('navigation').length);
    await configured;
    const visit = await terminal?.playMaintenanceVisit({
      user: TECHNICIAN.email,
      pin: PIN,
      testCompartment: TESTED,
      damagedCompartment: DAMAGED,
    });
    expect(visit?.session).toMatchObject({ result: 'granted', user: { id: technicianId, name: TECHNICIAN_NAME } });
    if (visit?.session.result === 'granted') expect([...visit.session.permissions].sort()).toEqual([...(role?.permissions ?? [])].sort());
    expect(visit).toMatchObject({ tested: true, locked: true });
    // The lock reaches the face over the live stream, without a reload.
    await expect.poll(() => damagedCell.getAttribute('data-status'), { timeout: 20_000 }).toBe('DAMAGE');
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(loads);
    await screenshot(page, 'issue-33/maintenance-locker-face-pt-BR', { live: true });

    // 4. The audit log (not live: read once the console has written the sign-out, the visit's last step).
    await expect
      .poll(
        async () =>
          (
            await own.call<{ rows: AuditRow[] }>(
              'GET',
              `/auditLog?filter[actorLabel]=${technicianId}&filter[action]=operatorSignOut&limit=10`,
            )
          ).rows.length,
        { timeout: 20_000 },
      )
      .toBe(1);
    await page.goto(`/audit-logs?filter=${encodeURIComponent(JSON.stringify({ actorLabel: technicianId }))}`);
    const list = page.getByTestId('audit-log-list');
    const rows = list.locator('.ant-table-row');
    const tested = rows.filter({ has: page.getByText(say('auditLog.actions.compartment_test'), { exact: true }) });
    const locked = rows.filter({ has: page.getByText(say('auditLog.actions.lock'), { exact: true }) });
    await see(tested);
    await see(locked);
    await see(rows.filter({ has: page.getByText(say('auditLog.actions.operatorSignIn'), { exact: true }) }));
    await see(rows.filter({ has: page.getByText(say('auditLog.actions.operatorSignOut'), { exact: true }) }));
    expect(await tested.count()).toBe(1);
    expect(await locked.count()).toBe(1);
    // Each written by the technician, by name: never "Terminal VMAR1".
    const authorHeader = say('entities.auditLog.fields.createdByEmail');
    expect(new Set(await columnTexts(list, authorHeader))).toEqual(new Set([TECHNICIAN_NAME]));
    await see(tested.getByText(TECHNICIAN_NAME, { exact: true }));
    await see(locked.getByText(TECHNICIAN_NAME, { exact: true }));
    expect(await list.getByText(say('auditLog.terminalActor', { name: LOCKER.code })).count()).toBe(0);
    expect(await seriousAxeProblems(page)).toEqual([]);
    await screenshot(page, 'issue-33/maintenance-audit-log-pt-BR');

    // The same entries as stored: the person as author, the terminal only named in the values.
    const stored = (await own.call<{ rows: AuditRow[] }>('GET', '/auditLog?filter[entityName]=compartiment&limit=50')).rows.filter(
      (row) => row.action === 'compartment_test' || row.action === 'lock',
    );
    expect(stored.map((row) => [row.action, row.createdByEmail, row.actorLabel]).sort()).toEqual([
      ['compartment_test', TECHNICIAN.email, TECHNICIAN.email],
      ['lock', TECHNICIAN.email, TECHNICIAN.email],
    ]);
    expect(JSON.stringify(stored)).toContain(terminalId);
    expect(JSON.stringify(stored)).not.toContain(PIN);

    // 5. The damaged compartment reads DAMAGE in the console's data too.
    const compartments = await own.call<{ rows: { number: number; status: string }[] }>(
      'GET',
      `/compartiment?filter[ebox]=${lockerId}&limit=100`,
    );
    expect(Object.fromEntries(compartments.rows.map((row) => [row.number, row.status]))).toEqual({
      [TESTED]: 'AVAILABLE',
      [DAMAGED]: 'DAMAGE',
      3: 'AVAILABLE',
    });
  }, 240_000);
});
