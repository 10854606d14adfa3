import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editUser, findUser, inviteUsers, listUsersOf, setUsersDisabled } from '../src/modules/iam/service';
import { loadCurrentUser } from '../src/platform/auth/current-user';
import { contextOf, inTransaction, type ServiceContext, systemContext } from '../src/platform/context';
import { auditLog, outboxMessage, user } from '../src/platform/db/schema';
import { AppError } from '../src/platform/errors';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * The IAM services called as a job, a locker or the demo seed calls them: with a context built
 * outside HTTP. The rules are the ones the routes answer by, because the services check them.
 */

let t: TestApp;
let ownerCtx: ServiceContext;
let companyA: string;
let companyB: string;
let viewerRoleId: string;

/** A signed-in person's context as a non-HTTP caller builds it: loaded fresh from the database. */
async function contextOfUser(id: string): Promise<ServiceContext> {
  const current = await loadCurrentUser(t.database.db, id);
  if (!current) throw new Error('user not found');
  return contextOf(t.app.deps, { kind: 'user', user: current });
}

async function refusal(call: Promise<unknown>): Promise<{ status: number; key: string }> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  const { status, key } = error as AppError;
  return { status, key };
}

async function storedUser(id: string) {
  const [row] = await t.database.db.select().from(user).where(eq(user.id, id));
  return row;
}

const auditRowsOf = (id: string) => t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));

beforeAll(async () => {
  t = await startTestApp();
  const owner = await t.createUser({ roles: ['owner'] });
  ownerCtx = await contextOfUser(owner.id);
  viewerRoleId = await t.roleId('viewer');
  const a = await owner.api.post('/company', { data: { name: 'Transportadora Alfa', type: 'carrier' } });
  const b = await owner.api.post('/company', { data: { name: 'Loja Beta', type: 'shipper' } });
  companyA = a.body.id;
  companyB = b.body.id;
});
afterAll(() => t?.close());

describe('a system or terminal actor', () => {
  it('is refused an edit its declared rights do not include, and changes nothing', async () => {
    const target = await t.createUser({ firstName: 'Antes' });
    const seed = systemContext(t.app.deps, 'demoSeed');
    expect(await refusal(editUser(seed, { id: target.id, firstName: 'Depois', roles: [viewerRoleId] }))).toEqual({
      status: 403,
      key: 'errors.forbidden',
    });
    expect(await refusal(setUsersDisabled(seed, [target.id], true))).toMatchObject({ status: 403 });
    expect(await refusal(listUsersOf(seed, {}))).toMatchObject({ status: 403 });
    const locker = contextOf(t.app.deps, { kind: 'terminal', eboxId: crypto.randomUUID(), terminalId: 'T-1', companyId: companyA });
    expect(await refusal(findUser(locker, target.id))).toMatchObject({ status: 403 });
    expect(await storedUser(target.id)).toMatchObject({ firstName: 'Antes', disabled: false });
    expect(await auditRowsOf(target.id)).toEqual([]);
  });
});

describe('a principal limited to one company', () => {
  it('neither sees nor edits a user of another company, and edits one of its own', async () => {
    const admin = await t.createUser({ permissions: ['iamRead', 'iamEdit'], allowedCompanies: [companyA] });
    const ctx = await contextOfUser(admin.id);
    const adminRole = (await storedUser(admin.id))?.roles as string[];
    const theirs = await t.createUser({ allowedCompanies: [companyB], firstName: 'Alheio' });
    const mine = await t.createUser({ allowedCompanies: [companyA], firstName: 'Meu' });

    // A user of another company answers as an unknown one (spec 5.5).
    expect(await refusal(editUser(ctx, { id: theirs.id, firstName: 'Mudado', roles: adminRole }))).toEqual({
      status: 404,
      key: 'iam.errors.userNotFound',
    });
    expect(await refusal(findUser(ctx, theirs.id))).toMatchObject({ status: 404 });
    expect((await listUsersOf(ctx, { limit: 100 })).rows.map((row) => row.id)).not.toContain(theirs.id);
    expect(await storedUser(theirs.id)).toMatchObject({ firstName: 'Alheio', roles: [] });
    expect(await auditRowsOf(theirs.id)).toEqual([]);

    const edited = await editUser(ctx, { id: mine.id, firstName: 'Meu Editado', roles: adminRole });
    expect(edited).toMatchObject({ firstName: 'Meu Editado', allowedCompanies: [{ id: companyA, label: 'Transportadora Alfa' }] });
    expect((await auditRowsOf(mine.id)).map((row) => [row.action, row.createdByEmail])).toEqual([['update', admin.email]]);
  });
});

describe('services composed in one transaction', () => {
  it('leave no user change and no audit row when the outer transaction rolls back', async () => {
    const target = await t.createUser({ firstName: 'Intacto' });
    const failure = inTransaction(ownerCtx, async (ctx) => {
      const edited = await editUser(ctx, { id: target.id, firstName: 'Desfeito', roles: [viewerRoleId] });
      expect(edited.firstName).toBe('Desfeito');
      await setUsersDisabled(ctx, [target.id], true);
      // The second service saw the first one's change: they share the transaction.
      expect((await findUser(ctx, target.id)).status).toBe('disabled');
      throw new Error('something later in the same unit of work failed');
    });
    await expect(failure).rejects.toThrow('something later');
    expect(await storedUser(target.id)).toMatchObject({ firstName: 'Intacto', disabled: false, roles: [] });
    expect(await auditRowsOf(target.id)).toEqual([]);
    expect((await t.client((await t.createUser({ roles: ['owner'] })).token).get(`/iam/${target.id}`)).body.status).toBe('enabled');
  });

  it('commit together, each change audited, when the outer transaction commits', async () => {
    const target = await t.createUser({ firstName: 'Antes' });
    await inTransaction(ownerCtx, async (ctx) => {
      await editUser(ctx, { id: target.id, firstName: 'Depois', roles: [viewerRoleId] });
      await setUsersDisabled(ctx, [target.id], true);
    });
    expect(await storedUser(target.id)).toMatchObject({ firstName: 'Depois', disabled: true, roles: [viewerRoleId] });
    expect((await auditRowsOf(target.id)).map((row) => row.action)).toEqual(['update', 'update']);
  });

  it('send an invitation only once the outer transaction commits, never for one that rolled back', async () => {
    const outboxOf = (email: string) => t.database.db.select().from(outboxMessage).where(eq(outboxMessage.recipient, email));
    const dropped = `dropped.${crypto.randomUUID().slice(0, 8)}@example.com`;
    await expect(
      inTransaction(ownerCtx, async (ctx) => {
        await inviteUsers(ctx, { emails: [dropped], roles: [viewerRoleId] });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await outboxOf(dropped)).toEqual([]);

    const kept = `kept.${crypto.randomUUID().slice(0, 8)}@example.com`;
    await inTransaction(ownerCtx, async (ctx) => {
      await inviteUsers(ctx, { emails: [kept], roles: [viewerRoleId] });
      expect(await outboxOf(kept)).toEqual([]);
    });
    expect((await outboxOf(kept)).map((row) => row.link)).toEqual([expect.stringContaining('/auth/password-reset?token=')]);
  });
});
