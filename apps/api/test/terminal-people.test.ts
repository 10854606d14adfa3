import { OPERATOR_SIGN_IN_LIMITS, PREDEFINED_ROLES, TERMINAL_PERSON_PERMISSIONS } from '@ebox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VirtualTerminal } from '../../terminal-sim/src';
import { ok } from './support/answers';
import { eventually } from './support/eventually';
import { startOnlineLocker } from './support/online-locker';
import { startWithTwoCompanies, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 33 item 1: people at a locker's screen. A person signs in at a virtual locker (over the
 * real broker, with the terminal's own credentials) with their PIN or their profile's QR code, gets
 * exactly their roles' terminal rights for that locker's company, is refused and throttled on a
 * wrong PIN or when disabled, is refused at another company's locker, and what they do there is
 * audited under their name, not the terminal's.
 */

let t: TestApp;
let owner: TestUser;
let companyA: string;
let companyB: string;
let lockerA: { lockerId: string; terminal: VirtualTerminal };
let lockerB: { lockerId: string; terminal: VirtualTerminal };

beforeAll(async () => {
  ({ t, owner, companyA, companyB } = await startWithTwoCompanies(
    { name: 'Condomínio Aurora', type: 'shipper' },
    { name: 'Condomínio Boreal', type: 'shipper' },
    undefined,
    { mqtt: true, env: { MQTT_PORT: '0', MQTT_HOST: '127.0.0.1', TERMINAL_HEARTBEAT_SECONDS: '1.5' } },
  ));
  lockerA = await startOnlineLocker(t, owner, { company: companyA, name: 'Armário Aurora', code: 'AUR01', compartments: 4 });
  lockerB = await startOnlineLocker(t, owner, { company: companyB, name: 'Armário Boreal', code: 'BOR01', compartments: 2 });
}, 120_000);

afterAll(async () => {
  await lockerA?.terminal.stop().catch(() => {});
  await lockerB?.terminal.stop().catch(() => {});
  await t?.close();
});

/** A person of company A holding `roles` (or exactly `permissions`), with a PIN set on their profile. */
async function personWithPin(options: { roles?: string[]; permissions?: never[] | string[]; allowedCompanies?: string[] }, pin: string) {
  const person = await t.createUser({
    ...(options.roles ? { roles: options.roles } : {}),
    ...(options.permissions ? { permissions: options.permissions as never } : {}),
    allowedCompanies: options.allowedCompanies ?? [companyA],
    firstName: 'Téc',
    lastName: 'Manutenção',
  });
  ok(await person.api.put('/auth/terminal-pin', { pin }));
  return person;
}

async function auditOf(filter: Record<string, unknown>) {
  return ok(await owner.api.get('/auditLog', { filter, limit: 100 })).rows as {
    action: string;
    createdByEmail: string | null;
    actorLabel: string | null;
    entityId: string;
  }[];
}

describe('signing in at a locker', () => {
  it('with a PIN: exactly the terminal rights of the roles, a session; the PIN is never stored as given', async () => {
    const tech = await personWithPin({ roles: ['terminalMaintenance', 'viewer'] }, '482913');
    expect(ok(await tech.api.get('/auth/terminal-pin'))).toEqual({ hasPin: true });
    const reply = await lockerA.terminal.signIn({ user: tech.email, pin: '482913' });
    expect(reply.result).toBe('granted');
    if (reply.result !== 'granted') return;
    expect(reply.user.id).toBe(tech.id);
    expect([...reply.permissions].sort()).toEqual([...PREDEFINED_ROLES.terminalMaintenance].sort());
    expect(new Date(reply.expires_at).getTime()).toBeGreaterThan(Date.now());
    const rows = await t.database.pool.query(`select pin_hash from terminal_person_credential where user_id = $1`, [tech.id]);
    expect(String(rows.rows[0]?.pin_hash)).toMatch(/^\$argon2id\$/);
    const signIns = await auditOf({ entityName: 'ebox', action: 'operatorSignIn' });
    expect(signIns.some((entry) => entry.entityId === lockerA.lockerId && entry.createdByEmail === tech.email)).toBe(true);
    await lockerA.terminal.signOut();
  });

  it('with the QR code of the profile, and by user id with a PIN; a custom role gives only what it holds', async () => {
    const courier = await personWithPin({ permissions: ['terminalOrderStore', 'terminalCompartmentRead', 'orderRead'] }, '1357');
    const qr = ok(await courier.api.post('/auth/terminal-qr', {}));
    const byQr = await lockerA.terminal.signIn({ qrToken: qr.token });
    expect(byQr).toMatchObject({ result: 'granted', user: { id: courier.id } });
    if (byQr.result === 'granted') expect([...byQr.permissions].sort()).toEqual(['terminalCompartmentRead', 'terminalOrderStore']);
    await lockerA.terminal.signOut();
    expect(await lockerA.terminal.signIn({ user: courier.id, pin: '1357' })).toMatchObject({ result: 'granted' });
    await lockerA.terminal.signOut();
    // A new PIN draws a new QR secret: the QR code shown before no longer signs in.
    ok(await courier.api.put('/auth/terminal-pin', { pin: '2468' }));
    expect(await lockerA.terminal.signIn({ qrToken: qr.token })).toMatchObject({ result: 'refused', reason: 'wrong_credentials' });
    // A forged token is refused.
    expect(await lockerA.terminal.signIn({ qrToken: `${qr.token.slice(0, -4)}AAAA` })).toMatchObject({ result: 'refused' });
  });

  it("another company's locker refuses them; a user of every company is let in; a person without terminal rights is refused", async () => {
    const tech = await personWithPin({ roles: ['terminalMaintenance'] }, '975310');
    expect(await lockerB.terminal.signIn({ user: tech.email, pin: '975310' })).toMatchObject({
      result: 'refused',
      reason: 'not_allowed_here',
    });
    const roaming = await personWithPin({ roles: ['terminalOperator'], allowedCompanies: [] }, '864200');
    const reply = await lockerB.terminal.signIn({ user: roaming.email, pin: '864200' });
    expect(reply.result).toBe('granted');
    if (reply.result === 'granted') expect([...reply.permissions].sort()).toEqual([...PREDEFINED_ROLES.terminalOperator].sort());
    await lockerB.terminal.signOut();
    const clerk = await personWithPin({ roles: ['viewer'] }, '11223344');
    expect(await lockerA.terminal.signIn({ user: clerk.email, pin: '11223344' })).toMatchObject({ result: 'refused', reason: 'no_rights' });
  });

  it('a wrong PIN is refused and, after five, even the right one is throttled; refusals are recorded', async () => {
    const tech = await personWithPin({ roles: ['terminalMaintenance'] }, '555123');
    for (let attempt = 0; attempt < OPERATOR_SIGN_IN_LIMITS.perUser; attempt++) {
      expect(await lockerA.terminal.signIn({ user: tech.email, pin: '000000' })).toMatchObject({
        result: 'refused',
        reason: 'wrong_credentials',
      });
    }
    const throttled = await lockerA.terminal.signIn({ user: tech.email, pin: '555123' });
    expect(throttled).toMatchObject({ result: 'refused', reason: 'throttled' });
    if (throttled.result === 'refused') expect(throttled.retry_after_seconds).toBeGreaterThan(0);
    // At another locker too: the count is the person's.
    expect(await lockerB.terminal.signIn({ user: tech.email, pin: '555123' })).toMatchObject({ reason: 'throttled' });
    const recorded = await t.database.pool.query(`select reason from terminal_sign_in_refusal where user_key = $1`, [tech.id]);
    expect(recorded.rows.map((row) => row.reason).filter((reason) => reason === 'wrong_credentials')).toHaveLength(
      OPERATOR_SIGN_IN_LIMITS.perUser,
    );
    const audited = await auditOf({ entityName: 'ebox', action: 'operatorSignInRefused' });
    expect(audited.filter((entry) => entry.entityId === lockerA.lockerId).length).toBeGreaterThanOrEqual(OPERATOR_SIGN_IN_LIMITS.perUser);
    // The PIN never reaches the audit log.
    expect(JSON.stringify(audited)).not.toContain('555123');
  });

  it('a disabled user is refused with the right PIN, and their refusals count too', async () => {
    const tech = await personWithPin({ roles: ['terminalMaintenance'] }, '777001');
    await t.database.pool.query(`update "user" set disabled = true where id = $1`, [tech.id]);
    expect(await lockerA.terminal.signIn({ user: tech.email, pin: '777001' })).toMatchObject({ result: 'refused', reason: 'disabled' });
    const recorded = await t.database.pool.query(`select reason from terminal_sign_in_refusal where user_key = $1`, [tech.id]);
    expect(recorded.rows.map((row) => row.reason)).toEqual(['disabled']);
  });

  it('refuses a PIN that is not 4 to 8 digits on the profile', async () => {
    const tech = await t.createUser({ roles: ['terminalMaintenance'] });
    expect((await tech.api.put('/auth/terminal-pin', { pin: '12a4' })).status).toBe(400);
  });
});

describe('what a person does at the screen', () => {
  it('a maintenance visit: the test opening and the damaged lock are audited under the technician, and the lock takes effect', async () => {
    const tech = await personWithPin({ roles: ['terminalMaintenance'] }, '246810');
    const visit = await lockerA.terminal.playMaintenanceVisit({
      user: tech.email,
      pin: '246810',
      testCompartment: 1,
      damagedCompartment: 3,
    });
    expect(visit).toMatchObject({ session: { result: 'granted' }, tested: true, locked: true });
    const compartments = ok(await owner.api.get('/compartiment', { filter: { ebox: lockerA.lockerId }, limit: 10 })).rows as {
      id: string;
      number: number;
      status: string;
    }[];
    const third = compartments.find((row) => row.number === 3)!;
    const first = compartments.find((row) => row.number === 1)!;
    await eventually(
      async () => ok(await owner.api.get(`/compartiment/${third.id}`)).status,
      (status) => status === 'DAMAGE',
    );
    const locked = await auditOf({ entityName: 'compartiment', action: 'lock' });
    expect(locked.find((entry) => entry.entityId === third.id)).toMatchObject({ createdByEmail: tech.email, actorLabel: tech.email });
    const tested = await auditOf({ entityName: 'compartiment', action: 'compartment_test' });
    expect(tested.find((entry) => entry.entityId === first.id)).toMatchObject({ createdByEmail: tech.email });
    // The door that opened is still the terminal's report: the person is named on the action.
    await eventually(
      async () => auditOf({ entityName: 'ebox', action: 'operatorSignOut' }),
      (rows) => rows.some((entry) => entry.entityId === lockerA.lockerId && entry.createdByEmail === tech.email),
    );
  });

  it("a parcel stored by the person signed in is theirs in the order's history and stamps; a session without the right is the terminal's", async () => {
    const courier = await personWithPin({ roles: ['terminalOperator'] }, '86420');
    const orderOf = async () => {
      const order = ok(
        await owner.api.post('/order', {
          data: {
            type: 'DELIVERY',
            trackingCode: `OP${Date.now().toString(36).toUpperCase()}`,
            shipper: companyA,
            company: companyA,
            customerName: 'Rita Souza',
            customerPhone: '5531988887777',
            ebox: lockerA.lockerId,
            compartimentSize: 'P',
          },
        }),
      );
      await eventually(
        async () => lockerA.terminal.accessCodes().some((entry) => entry.access_code === order.accessCode && entry.allows === 'deposit'),
        Boolean,
      );
      return order as { id: string; accessCode: string; compartimentNumber: number };
    };
    const storedBy = async (id: string) => {
      const order = await eventually(
        async () => ok(await owner.api.get(`/order/${id}`)),
        (found) => found.status === 'STORED',
      );
      const history = ok(await owner.api.get(`/order/${id}/history`));
      const rows = (history.rows ?? history) as { to: string | null; actor: { kind: string; label: string } }[];
      return { order, stored: rows.find((row) => row.to === 'STORED')?.actor };
    };

    const mine = await orderOf();
    expect(await lockerA.terminal.signIn({ user: courier.email, pin: '86420' })).toMatchObject({ result: 'granted' });
    await lockerA.terminal.depositParcel({ compartmentNumber: mine.compartimentNumber, accessCode: mine.accessCode });
    const byCourier = await storedBy(mine.id);
    expect(byCourier.stored).toMatchObject({ kind: 'user', label: courier.email });
    expect(byCourier.order.storedBy).toBe(courier.email);
    await lockerA.terminal.signOut();

    // A person whose session holds no right to store: the parcel still went in, under the terminal.
    const clerk = await personWithPin({ permissions: ['terminalCompartmentRead'] }, '97531');
    const other = await orderOf();
    expect(await lockerA.terminal.signIn({ user: clerk.email, pin: '97531' })).toMatchObject({ result: 'granted' });
    const before = t.app.deps.terminalLink?.refused.operatorRefused ?? 0;
    await lockerA.terminal.depositParcel({ compartmentNumber: other.compartimentNumber, accessCode: other.accessCode });
    const byTerminal = await storedBy(other.id);
    expect(byTerminal.stored?.kind).toBe('terminal');
    expect(t.app.deps.terminalLink?.refused.operatorRefused ?? 0).toBeGreaterThan(before);
    await lockerA.terminal.signOut();
  });

  it('an action outside the session rights changes nothing: the right is checked again by the console', async () => {
    const courier = await personWithPin({ roles: ['terminalOperator'] }, '13579');
    expect(await lockerA.terminal.signIn({ user: courier.email, pin: '13579' })).toMatchObject({ result: 'granted' });
    // The screen would not offer it; a terminal that reports it anyway is refused by the console.
    expect(lockerA.terminal.operatorMay('compartment_lock')).toBe(false);
    const before = t.app.deps.terminalLink?.refused.operatorRefused ?? 0;
    const operator = lockerA.terminal.operator!;
    (lockerA.terminal as unknown as { operator: typeof operator }).operator = {
      ...operator,
      permissions: [...TERMINAL_PERSON_PERMISSIONS],
    };
    expect(await lockerA.terminal.operatorAction('compartment_lock', 2)).toBe(true);
    await eventually(
      async () => t.app.deps.terminalLink?.refused.operatorRefused ?? 0,
      (count) => count > before,
    );
    const compartments = ok(await owner.api.get('/compartiment', { filter: { ebox: lockerA.lockerId }, limit: 10 })).rows as {
      number: number;
      status: string;
    }[];
    expect(compartments.find((row) => row.number === 2)?.status).not.toBe('DAMAGE');
    await lockerA.terminal.signOut();
  });
});
