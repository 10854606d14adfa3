import { translatorFor } from '@ebox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditAction, writeAudit } from '../src/platform/audit';
import { ok } from './support/answers';
import { startWithTwoCompanies, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 29, item 2: the locker page's drawer names the parcel in a door and the door's last events
 * (GET /compartiment/{id}/inside). A shared locker holds several companies' parcels: a user sees the
 * parcel only when they may read that order (orderRead, its company), never another company's
 * customer; the door itself answers 404 outside the caller's lockers, 403 without compartimentRead and
 * a translated 400 to a malformed id.
 */

let t: TestApp;
let owner: TestUser;
let companyA: string;
let companyB: string;
let locker: string;
let otherLocker: string;

function orderData(company: string, extra: Record<string, unknown> = {}) {
  return {
    type: 'DELIVERY',
    trackingCode: `BR${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
    shipper: company,
    company,
    customerName: company === companyA ? 'Mariana Souza' : 'Roberto Beta',
    customerPhone: '(21) 98765-4321',
    customerEmail: 'cliente@example.com',
    ebox: locker,
    ...extra,
  };
}

async function addCompartiment(eboxId: string, number: number, size: string): Promise<string> {
  const data = { ebox: eboxId, number, boardNumber: 1, comNumber: number, numberInColumn: number, size, width: 1, height: 1, depth: 1 };
  return ok(await owner.api.post('/compartiment', { data })).id;
}

beforeAll(async () => {
  ({ t, owner, companyA, companyB } = await startWithTwoCompanies(
    { name: 'Loja Alfa', type: 'shipper' },
    { name: 'Loja Beta', type: 'shipper' },
  ));
  locker = ok(await owner.api.post('/ebox', { data: { name: 'Armário Copa', code: 'COPA01', company: companyA, enable: true } })).id;
  otherLocker = ok(await owner.api.post('/ebox', { data: { name: 'Armário Beta', code: 'BETA01', company: companyB, enable: true } })).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('GET /compartiment/{id}/inside', () => {
  it("names the parcel booked in a door, with its customer, dates and order, to whoever may read that company's orders", async () => {
    const door = await addCompartiment(locker, 1, 'P');
    const overdueDate = '2026-12-20T15:00:00.000Z';
    const order = ok(await owner.api.post('/order', { data: orderData(companyA, { compartimentSize: 'P', overdueDate }) }));
    expect(order.compartiment?.id ?? order.compartiment).toBe(door);

    const inside = ok(await owner.api.get(`/compartiment/${door}/inside`));
    expect(inside.order).toMatchObject({
      id: order.id,
      trackingCode: order.trackingCode,
      customerName: 'Mariana Souza',
      status: 'CREATED',
      storedAt: null,
      overdueDate,
    });
    expect(Date.parse(inside.order.createdAt)).not.toBeNaN();

    const reader = await t.createUser({ permissions: ['eboxRead', 'compartimentRead', 'orderRead'], allowedCompanies: [companyA] });
    expect(ok(await reader.api.get(`/compartiment/${door}/inside`)).order).toMatchObject({ id: order.id, customerName: 'Mariana Souza' });
  });

  it("never names another company's parcel or customer in a shared locker's door, nor any parcel without orderRead", async () => {
    const door = await addCompartiment(locker, 2, 'M');
    // Company B's parcel in company A's locker (the owner books it: a shared locker).
    const foreign = ok(await owner.api.post('/order', { data: orderData(companyB, { compartimentSize: 'M' }) }));
    expect(ok(await owner.api.get(`/compartiment/${door}/inside`)).order.id).toBe(foreign.id);

    const readerA = await t.createUser({ permissions: ['eboxRead', 'compartimentRead', 'orderRead'], allowedCompanies: [companyA] });
    const answer = await readerA.api.get(`/compartiment/${door}/inside`);
    expect(answer.status).toBe(200);
    expect(answer.body.order).toBeNull();
    expect(JSON.stringify(answer.body)).not.toContain('Roberto Beta');
    expect(JSON.stringify(answer.body)).not.toContain(foreign.trackingCode);

    const lockerOnly = await t.createUser({ permissions: ['eboxRead', 'compartimentRead'], allowedCompanies: [companyA] });
    const own = await addCompartiment(locker, 3, 'G');
    ok(await owner.api.post('/order', { data: orderData(companyA, { compartimentSize: 'G' }) }));
    const withoutOrders = await lockerOnly.api.get(`/compartiment/${own}/inside`);
    expect(withoutOrders.status).toBe(200);
    expect(withoutOrders.body.order).toBeNull();
  });

  it("answers a malformed id with a 400 in the caller's language, never a 500", async () => {
    for (const language of ['pt-BR', 'en'] as const) {
      const answer = await t.client(owner.token, language).get('/compartiment/not-a-door/inside');
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.error).toMatchObject({
        code: 'validation',
        message: translatorFor(language)('validation.mixed.invalid', { label: 'id' }),
        fields: [{ path: 'id' }],
      });
    }
  });

  it("answers 404 for a door of another company's locker and 403 without compartimentRead", async () => {
    const foreignDoor = await addCompartiment(otherLocker, 1, 'P');
    const readerA = await t.createUser({ permissions: ['eboxRead', 'compartimentRead', 'orderRead'], allowedCompanies: [companyA] });
    expect((await readerA.api.get(`/compartiment/${foreignDoor}/inside`)).status).toBe(404);
    const noDoors = await t.createUser({ permissions: ['eboxRead', 'orderRead'], allowedCompanies: [companyA] });
    expect((await noDoors.api.get(`/compartiment/${foreignDoor}/inside`)).status).toBe(403);
  });

  it("lists the door's last events newest first, by the terminal's time, an opening's outcome with it, and nothing of other doors", async () => {
    const door = await addCompartiment(locker, 4, 'P');
    const neighbour = await addCompartiment(locker, 5, 'P');
    const db = t.database.db;
    const event = (entityId: string, action: AuditAction, after: Record<string, unknown>) =>
      writeAudit(db, {
        entityName: 'compartiment',
        entityId,
        action,
        after,
        companyIds: [companyA],
        by: { id: null, email: null, label: 'terminal:test' },
      });
    await event(door, 'door_opened', { ebox: locker, number: 4, occurredAt: '2026-12-01T10:00:00.000Z' });
    await event(door, 'door_closed', { ebox: locker, number: 4, occurredAt: '2026-12-01T10:00:30.000Z' });
    await event(door, 'parcel_deposited', { ebox: locker, number: 4, occurredAt: '2026-12-01T10:00:20.000Z' });
    await event(neighbour, 'door_opened', { ebox: locker, number: 5, occurredAt: '2026-12-01T11:00:00.000Z' });
    // An opening the console asked for that jammed (no terminal time: the audit's own).
    await event(door, 'open_compartment', { ebox: locker, number: 4, outcome: 'jammed' });

    const { doorEvents } = ok(await owner.api.get(`/compartiment/${door}/inside`));
    expect(doorEvents.map((entry: { action: string }) => entry.action)).toEqual(['open_compartment', 'door_closed', 'door_opened']);
    expect(doorEvents[0].outcome).toBe('jammed');
    expect(doorEvents[1]).toEqual({ action: 'door_closed', at: '2026-12-01T10:00:30.000Z', outcome: null });
  });
});
