import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceOf } from '../src/kit/service';
import { loadCurrentUser } from '../src/platform/auth/current-user';
import { anonymousContext, contextOf, inTransaction, type ServiceContext, systemContext } from '../src/platform/context';
import { errorAnswerOf, isRetryable } from '../src/platform/errors';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * The services called as a job, a locker or the demo seed call them: no HTTP, a context built from
 * the app's dependencies. Each non-person actor may do only what packages/domain/src/actors.ts
 * declares for it, within its companies.
 */

let t: TestApp;
let owner: TestUser;
let companyA: string;
let companyB: string;
let customerOfB: string;
const customers = serviceOf('customer');

async function customersNamed(name: string): Promise<{ id: string; name: string }[]> {
  return (await owner.api.get('/customer', { filter: { name } })).body.rows;
}

async function auditOf(entityId: string) {
  return (await owner.api.get('/auditLog', { filter: { entityId }, orderBy: 'timestamp_ASC' })).body.rows;
}

async function ownerContext(): Promise<ServiceContext> {
  const user = await loadCurrentUser(t.database.db, owner.id);
  if (!user) throw new Error('owner not found');
  return contextOf(t.app.deps, { kind: 'user', user });
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.createUser({ roles: ['owner'] });
  companyA = (await owner.api.post('/company', { data: { name: 'Transportadora Alfa', type: 'carrier' } })).body.id;
  companyB = (await owner.api.post('/company', { data: { name: 'Transportadora Beta', type: 'carrier' } })).body.id;
  customerOfB = (await owner.api.post('/customer', { data: { name: 'Bruna da Beta', company: companyB } })).body.id;
});
afterAll(() => t.close());

describe('declared rights of system and terminal actors', () => {
  it('refuses the message sender creating a customer, and writes nothing', async () => {
    const ctx = systemContext(t.app.deps, 'messageSender');
    await expect(customers.create(ctx, { name: 'Criado Pelo Carteiro', company: companyA })).rejects.toMatchObject({
      kind: 'forbidden',
      status: 403,
    });
    expect(await customersNamed('Criado Pelo Carteiro')).toEqual([]);
  });

  it("refuses a locker's terminal reading customers, of its own company or another's: terminals declare no customer right", async () => {
    const terminal = contextOf(t.app.deps, { kind: 'terminal', eboxId: randomUUID(), terminalId: 'TERM-0001', companyId: companyA });
    await expect(customers.list(terminal, {})).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(customers.find(terminal, customerOfB)).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(customers.autocomplete(terminal, 'Bruna', 10)).rejects.toMatchObject({ kind: 'forbidden' });
  });

  it('refuses the demo seed deleting: it may create, never delete', async () => {
    const ctx = systemContext(t.app.deps, 'demoSeed');
    await expect(customers.destroy(ctx, [customerOfB])).rejects.toMatchObject({ kind: 'forbidden' });
    expect(await customersNamed('Bruna da Beta')).toHaveLength(1);
    // Nor may it read what it creates: its rights are the creates and the one edit the seed needs.
    await expect(customers.list(ctx, {})).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(serviceOf('role').create(ctx, { name: 'Papel do Seed', permissions: [] })).rejects.toMatchObject({ kind: 'forbidden' });
  });

  it('keeps a system actor started for one company inside it: another company reads as not found', async () => {
    const ctx = {
      ...systemContext(t.app.deps, 'demoSeed'),
      actor: { kind: 'system' as const, name: 'demoSeed' as const, companyIds: [companyA] },
    };
    await expect(customers.update(ctx, customerOfB, { name: 'Mexido' })).rejects.toMatchObject({ kind: 'notFound', status: 404 });
    // Another company is answered as an unknown one, on the field.
    await expect(customers.create(ctx, { name: 'Fora do Escopo', company: companyB })).rejects.toMatchObject({
      kind: 'validation',
      fields: [expect.objectContaining({ path: 'company', key: 'errors.relationNotFound' })],
    });
    expect(await customersNamed('Mexido')).toEqual([]);

    const created = await customers.create(ctx, { name: 'Cliente do Seed', company: companyA });
    const [entry] = await auditOf(created.id as string);
    // The audit row says which system actor acted; createdByEmail stays for people.
    expect(entry).toMatchObject({ action: 'create', createdByEmail: null });
    const [stored] = await t.database.pool
      .query('SELECT actor_label, created_by_id FROM audit_log WHERE entity_id = $1', [created.id])
      .then((r) => r.rows);
    expect(stored).toEqual({ actor_label: 'system:demoSeed', created_by_id: null });
  });

  it('answers an anonymous caller "sign in" (401), not "forbidden"', async () => {
    await expect(customers.list(anonymousContext(t.app.deps), {})).rejects.toMatchObject({ kind: 'unauthenticated', status: 401 });
  });
});

describe('services compose in one transaction', () => {
  it("reuses the caller's transaction: two services' writes and their audit rows roll back together", async () => {
    const ctx = await ownerContext();
    let created: string | undefined;
    await expect(
      inTransaction(ctx, async (tx) => {
        created = (await customers.create(tx, { name: 'Cliente Desfeito', company: companyA })).id as string;
        await serviceOf('company').update(tx, companyA, { name: 'Alfa Renomeada' });
        // A later step fails (here: a related record that does not exist): nothing before it stays.
        await customers.create(tx, { name: 'Cliente Quebrado', company: randomUUID() });
      }),
    ).rejects.toMatchObject({ kind: 'validation' });
    expect(created).toBeDefined();
    expect(await customersNamed('Cliente Desfeito')).toEqual([]);
    expect((await owner.api.get(`/company/${companyA}`)).body.name).toBe('Transportadora Alfa');
    expect(await auditOf(created as string)).toEqual([]);
  });

  it('runs after-commit callbacks only once the transaction committed', async () => {
    const ctx = await ownerContext();
    const seen: string[] = [];
    await inTransaction(ctx, async (tx) => {
      const record = await customers.create(tx, { name: 'Cliente Confirmado', company: companyA });
      tx.afterCommit.push(() => {
        seen.push(record.id as string);
      });
      expect(seen).toEqual([]);
    });
    expect(seen).toHaveLength(1);
    await expect(
      inTransaction(ctx, async (tx) => {
        tx.afterCommit.push(() => {
          seen.push('rolled back');
        });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(seen).toHaveLength(1);
  });
});

describe('errors as codes for callers other than HTTP', () => {
  it('tells a job not to retry what cannot succeed, and gives an MQTT handler the code and message HTTP gives', async () => {
    const ctx = systemContext(t.app.deps, 'demoSeed', { language: 'en' });
    const invalid = await customers.create(ctx, { name: '', company: companyA }).catch((error: unknown) => error);
    expect(isRetryable(invalid)).toBe(false);
    expect(errorAnswerOf(invalid, 'en')).toMatchObject({ code: 'validation', kind: 'validation' });
    expect(errorAnswerOf(invalid, 'en').message).toMatch(/name/i);

    const refused = await customers.destroy(ctx, [customerOfB]).catch((error: unknown) => error);
    expect(isRetryable(refused)).toBe(false);
    expect(errorAnswerOf(refused, 'en')).toEqual({ code: 'forbidden', kind: 'forbidden', message: 'Forbidden' });

    // The database out of reach: worth another attempt.
    const lost = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isRetryable(lost)).toBe(true);
    expect(errorAnswerOf(lost, 'en')).toMatchObject({ code: 'databaseUnavailable', kind: 'unavailable' });
  });
});
