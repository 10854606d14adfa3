import { defineEntity, ENTITIES } from '@ebox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_PREFIX } from '../src/app';
import { updateRow } from '../src/kit/repository';
import { registerEntityRoutes } from '../src/kit/routes';
import { createEntityService } from '../src/kit/service';
import { systemContext } from '../src/platform/context';
import type { AppModule } from '../src/platform/modules';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Per-entity route options: a declaration may refuse the generic update and delete, make DELETE
 * mean a named action, and add its own actions. The test declares such an entity over the customer
 * table (its permissions and company scope are the customer's) and registers its action handlers.
 * Its actions take names the domain's AUDIT_ACTIONS declare (lock, cancel): the audit log holds no
 * action without its words, and the kit refuses to run one.
 */
const lockedCustomer = defineEntity({
  ...(ENTITIES.customer as NonNullable<(typeof ENTITIES)['customer']>),
  path: 'locked-customer',
  routes: {
    update: false,
    destroy: { action: 'cancel' },
    actions: {
      lock: { permission: 'customerEdit', body: z.object({ reason: z.string().min(3, 'validation.string.min') }) },
      cancel: { permission: 'customerDestroy' },
    },
  },
});

/** The test's own module: the two actions' handlers, as a module's manifest declares them. */
const lockedCustomerModule: AppModule = {
  name: 'locked-customer',
  entities: {
    actions: {
      'customer.lock': {
        run: async (ctx, { resource, before, data }) => {
          await updateRow(ctx.tx, resource, before.id, { enable: false, name: `${before.name} (${(data as { reason: string }).reason})` });
        },
      },
      'customer.cancel': {
        run: async (ctx, { resource, before }) => {
          await updateRow(ctx.tx, resource, before.id, { enable: false });
        },
      },
    },
  },
};

let t: TestApp;
let owner: TestUser;
let company: string;

async function createCustomer(name: string, companyId = company): Promise<string> {
  return (await owner.api.post('/customer', { data: { name, company: companyId, enable: true } })).body.id;
}

async function auditOf(entityId: string, action: string) {
  return (await owner.api.get('/auditLog', { filter: { entityId, action } })).body.rows;
}

beforeAll(async () => {
  t = await startTestApp({
    modules: [lockedCustomerModule],
    configure: async (app) => {
      await app.register(async (api) => registerEntityRoutes(api, lockedCustomer), { prefix: API_PREFIX });
    },
  });
  owner = await t.createUser({ roles: ['owner'] });
  company = (await owner.api.post('/company', { data: { name: 'Transportadora Opções', type: 'carrier' } })).body.id;
});
afterAll(() => t.close());

describe('route options of an entity declaration', () => {
  it('offers no generic PUT when the declaration refuses it, and its service refuses a job too', async () => {
    const id = await createCustomer('Sem Edição');
    const put = await owner.api.put(`/locked-customer/${id}`, { data: { name: 'Editado' } });
    expect(put.status).toBe(404);
    expect(put.body.error.code).toBe('routeNotFound');
    await expect(
      createEntityService(lockedCustomer).update(systemContext(t.app.deps, 'demoSeed'), id, { name: 'x' }),
    ).rejects.toMatchObject({
      kind: 'forbidden',
      key: 'errors.operationNotAllowed',
    });
    // Reading and creating stay as the generic resource offers them.
    expect((await owner.api.get(`/locked-customer/${id}`)).body).toMatchObject({ name: 'Sem Edição', enable: true });
  });

  it('runs a declared action on POST /{path}/:id/{action}: validated, authorized, locked and audited under its name', async () => {
    const id = await createCustomer('Cliente Bloqueável');
    const invalid = await owner.api.post(`/locked-customer/${id}/lock`, { data: { reason: 'x' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields[0].path).toBe('reason');

    const reader = await t.createUser({ permissions: ['customerRead'] });
    expect((await reader.api.post(`/locked-customer/${id}/lock`, { data: { reason: 'fraude' } })).status).toBe(403);
    expect((await t.api.post(`/locked-customer/${id}/lock`, { data: { reason: 'fraude' } })).status).toBe(401);

    const blocked = await owner.api.post(`/locked-customer/${id}/lock`, { data: { reason: 'fraude' } });
    expect(blocked.status).toBe(200);
    expect(blocked.body).toMatchObject({ id, name: 'Cliente Bloqueável (fraude)', enable: false });
    const [entry] = await auditOf(id, 'lock');
    expect(entry.values.before).toMatchObject({ name: 'Cliente Bloqueável', enable: true });
    expect(entry.values.after).toMatchObject({ name: 'Cliente Bloqueável (fraude)', enable: false });
  });

  it("keeps actions in the caller's company scope: another company's record is not found", async () => {
    const other = (await owner.api.post('/company', { data: { name: 'Outra Empresa', type: 'carrier' } })).body.id;
    const theirs = await createCustomer('Cliente Alheio', other);
    const scoped = await t.createUser({ roles: ['owner'], allowedCompanies: [company] });
    expect((await scoped.api.post(`/locked-customer/${theirs}/lock`, { data: { reason: 'fraude' } })).status).toBe(404);
    expect((await owner.api.get(`/customer/${theirs}`)).body.enable).toBe(true);
  });

  it('makes DELETE run the declared action instead of deleting', async () => {
    const first = await createCustomer('Arquivado Um');
    const second = await createCustomer('Arquivado Dois');
    const response = await owner.api.delete('/locked-customer', { ids: [first, second] });
    expect(response.status).toBe(200);
    for (const id of [first, second]) {
      expect((await owner.api.get(`/customer/${id}`)).body).toMatchObject({ enable: false });
      expect(await auditOf(id, 'cancel')).toHaveLength(1);
      expect(await auditOf(id, 'delete')).toHaveLength(0);
    }
  });

  it('answers an action the declaration does not name as an unknown route', async () => {
    const id = await createCustomer('Sem Ação');
    expect((await owner.api.post(`/locked-customer/${id}/explode`, { data: {} })).status).toBe(404);
  });
});
