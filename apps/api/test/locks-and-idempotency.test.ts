import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../src/app';
import { serviceOf } from '../src/kit/service';
import { systemContext } from '../src/platform/context';
import { waitUntilBlocking as waitUntilBlockingOn } from './support/eventually';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Row locks: a change reads the record it replaces only once nobody else is changing it, so the
 * audit log's before is what was really replaced. Idempotency keys: a client, a locker or a job may
 * repeat a request and get the first answer, with nothing changed twice.
 */

let t: TestApp;
let owner: TestUser;
let company: string;

type Audit = { action: string; values: { before: Record<string, unknown> | null; after: Record<string, unknown> | null } };

async function updatesOf(entityId: string, action = 'update'): Promise<Audit[]> {
  return (await owner.api.get('/auditLog', { filter: { entityId, action }, limit: 100 })).body.rows;
}

/** A call with the Idempotency-Key header (the test client sends no custom headers). */
async function send(user: TestUser, method: string, path: string, options: { key?: string; body?: unknown; language?: string } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${user.token}` };
  if (options.key !== undefined) headers['idempotency-key'] = options.key;
  if (options.language) headers['accept-language'] = options.language;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${t.baseUrl}${API_PREFIX}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function createCustomer(name: string): Promise<string> {
  return (await owner.api.post('/customer', { data: { name, company } })).body.id;
}

const waitUntilBlocking = (holder: PoolClient) => waitUntilBlockingOn(holder, t.database.pool);

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.createUser({ roles: ['owner'] });
  company = (await owner.api.post('/company', { data: { name: 'Transportadora Trava', type: 'carrier' } })).body.id;
});
afterAll(() => t.close());

describe('row locks', () => {
  it('makes a PUT wait for a row another transaction holds, then apply it over the later state', async () => {
    const id = await createCustomer('Nome Original');
    const holder = await t.database.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM customer WHERE id = $1 FOR UPDATE', [id]);
      await holder.query("UPDATE customer SET name = 'Nome do Outro' WHERE id = $1", [id]);

      let answered = false;
      const put = owner.api.put(`/customer/${id}`, { data: { email: 'trava@exemplo.com.br' } }).then((response) => {
        answered = true;
        return response;
      });
      await waitUntilBlocking(holder);
      expect(answered).toBe(false);

      await holder.query('COMMIT');
      const response = await put;
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ name: 'Nome do Outro', email: 'trava@exemplo.com.br' });
    } finally {
      holder.release();
    }
    // The audit's before is the state the PUT replaced, not the one it would have read unlocked.
    const [entry] = await updatesOf(id);
    expect(entry?.values.before).toMatchObject({ name: 'Nome do Outro', email: null });
    expect(entry?.values.after).toMatchObject({ name: 'Nome do Outro', email: 'trava@exemplo.com.br' });
  });

  it('records two concurrent updates one after the other: each before is the other one after', async () => {
    const id = await createCustomer('Concorrente');
    const [first, second] = await Promise.all([
      owner.api.put(`/customer/${id}`, { data: { name: 'Concorrente Renomeado' } }),
      owner.api.put(`/customer/${id}`, { data: { email: 'concorrente@exemplo.com.br' } }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await owner.api.get(`/customer/${id}`)).body).toMatchObject({
      name: 'Concorrente Renomeado',
      email: 'concorrente@exemplo.com.br',
    });
    const entries = await updatesOf(id);
    expect(entries).toHaveLength(2);
    const [a, b] = entries as [Audit, Audit];
    const [earlier, later] = a.values.before?.name === 'Concorrente' && a.values.before?.email === null ? [a, b] : [b, a];
    expect(earlier.values.before).toMatchObject({ name: 'Concorrente', email: null });
    expect(later.values.before).toEqual(earlier.values.after);
    expect(later.values.after).toMatchObject({ name: 'Concorrente Renomeado', email: 'concorrente@exemplo.com.br' });
  });

  it('locks the rows a delete removes: a delete waiting on a held row removes it once released', async () => {
    const id = await createCustomer('Para Remover');
    const holder = await t.database.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM customer WHERE id = $1 FOR UPDATE', [id]);
      let answered = false;
      const removal = owner.api.delete('/customer', { ids: [id] }).then((response) => {
        answered = true;
        return response;
      });
      await waitUntilBlocking(holder);
      expect(answered).toBe(false);
      await holder.query('COMMIT');
      expect((await removal).status).toBe(200);
    } finally {
      holder.release();
    }
    expect((await owner.api.get(`/customer/${id}`)).status).toBe(404);
  });
});

describe('idempotency keys', () => {
  it('answers a repeated POST with the first answer and creates nothing more', async () => {
    const body = { data: { name: 'Cliente Idempotente', company } };
    const first = await send(owner, 'POST', '/customer', { key: 'post-1', body });
    expect(first.status).toBe(200);
    const again = await send(owner, 'POST', '/customer', { key: 'post-1', body });
    expect(again).toEqual(first);

    const listed = await owner.api.get('/customer', { filter: { name: 'Cliente Idempotente' } });
    expect(listed.body.count).toBe(1);
    expect(await updatesOf(first.body.id, 'create')).toHaveLength(1);
  });

  it('refuses the same key with another body, translated, and changes nothing', async () => {
    await send(owner, 'POST', '/customer', { key: 'post-2', body: { data: { name: 'Primeiro Corpo', company } } });
    const reused = await send(owner, 'POST', '/customer', {
      key: 'post-2',
      body: { data: { name: 'Outro Corpo', company } },
      language: 'en',
    });
    expect(reused.status).toBe(409);
    expect(reused.body.error).toEqual({
      code: 'idempotencyKeyReused',
      message: 'This Idempotency-Key was already used for a different request; send a new key',
    });
    const ptBr = await send(owner, 'POST', '/customer', { key: 'post-2', body: { data: { name: 'Outro Corpo', company } } });
    expect(ptBr.body.error.message).toMatch(/já foi usada/);
    expect((await owner.api.get('/customer', { filter: { name: 'Outro Corpo' } })).body.count).toBe(0);
    // Nor may the key answer another operation.
    const elsewhere = await send(owner, 'POST', '/group', { key: 'post-2', body: { data: { name: 'Grupo Chave' } } });
    expect(elsewhere.status).toBe(409);
  });

  it('repeats a PUT and a DELETE without a second change or audit entry', async () => {
    const id = await createCustomer('Repetido');
    const body = { data: { name: 'Repetido Editado' } };
    const first = await send(owner, 'PUT', `/customer/${id}`, { key: 'put-1', body });
    // Someone else changes the record meanwhile: the repeat must not put the name back.
    await owner.api.put(`/customer/${id}`, { data: { name: 'Editado Depois' } });
    const again = await send(owner, 'PUT', `/customer/${id}`, { key: 'put-1', body });
    expect(again).toEqual(first);
    expect((await owner.api.get(`/customer/${id}`)).body.name).toBe('Editado Depois');
    expect(await updatesOf(id)).toHaveLength(2);

    const removed = await send(owner, 'DELETE', `/customer?ids[]=${id}`, { key: 'delete-1' });
    expect(removed).toEqual({ status: 200, body: true });
    // Without the key the repeat would be a 404: the record is gone.
    expect(await send(owner, 'DELETE', `/customer?ids[]=${id}`, { key: 'delete-1' })).toEqual({ status: 200, body: true });
    expect(await updatesOf(id, 'delete')).toHaveLength(1);
  });

  it("keeps each caller's keys apart", async () => {
    const other = await t.createUser({ roles: ['owner'] });
    const body = { data: { name: 'Chave Compartilhada', company } };
    const mine = await send(owner, 'POST', '/customer', { key: 'shared-key', body });
    const theirs = await send(other, 'POST', '/customer', { key: 'shared-key', body });
    expect(theirs.status).toBe(200);
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it('refuses a key that cannot be one', async () => {
    const response = await send(owner, 'POST', '/customer', { key: 'x'.repeat(201), body: { data: { name: 'Chave Longa', company } } });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('idempotencyKeyInvalid');
  });

  it('gives a job the same guarantee through the service option', async () => {
    const ctx = systemContext(t.app.deps, 'demoSeed');
    const data = { name: 'Cliente do Job', company };
    const first = await serviceOf('customer').create(ctx, data, { idempotencyKey: 'job-run-1' });
    const retried = await serviceOf('customer').create(ctx, data, { idempotencyKey: 'job-run-1' });
    expect(retried).toEqual(first);
    expect((await owner.api.get('/customer', { filter: { name: 'Cliente do Job' } })).body.count).toBe(1);
  });

  it('keeps import hashes as they were: the same row imported twice is refused', async () => {
    const row = { data: { name: 'Importado Uma Vez', company }, importHash: 'hash-1' };
    expect((await owner.api.post('/customer/import', row)).status).toBe(200);
    expect((await owner.api.post('/customer/import', row)).status).toBe(409);
  });
});
