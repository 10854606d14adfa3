import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outboxMessage, user } from '../src/platform/db/schema';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 8 item 10: an invited user who has not set a password shows as "invitation pending"
 * (status `invited`, filterable), and the invitation can be sent again: by whoever may invite,
 * only to users of their companies, once a minute, audited, through the outbox.
 */

let t: TestApp;
let owner: TestUser;
let companyA: string;
let companyB: string;
let viewerRoleId: string;
let counter = 0;

function newEmail(prefix = 'invited'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@invitation.test`;
}

async function invite(by: TestUser, email: string, allowedCompanies: string[] = []): Promise<string> {
  const answer = await by.api.post('/iam', { data: { emails: [email], roles: [viewerRoleId], allowedCompanies } });
  expect(answer.status).toBe(200);
  const [row] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) throw new Error(`${email} was not invited`);
  return row.id;
}

const invitationsTo = (email: string) =>
  t.database.db.select({ link: outboxMessage.link }).from(outboxMessage).where(eq(outboxMessage.recipient, email));

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.createUser({ roles: ['owner'] });
  viewerRoleId = await t.roleId('viewer');
  companyA = (await owner.api.post('/company', { data: { name: 'Condomínio Alfa', type: 'shipper' } })).body.id;
  companyB = (await owner.api.post('/company', { data: { name: 'Condomínio Beta', type: 'shipper' } })).body.id;
});
afterAll(() => t?.close());

describe('a pending invitation', () => {
  it('shows as status invited in the list and the record, and the status filter finds it', async () => {
    const email = newEmail();
    const id = await invite(owner, email);
    const member = await t.createUser({ email: newEmail('member') });

    expect((await owner.api.get(`/iam/${id}`)).body).toMatchObject({ status: 'invited', disabled: false });
    expect((await owner.api.get(`/iam/${member.id}`)).body.status).toBe('enabled');
    const pending = await owner.api.get('/iam/user', { filter: { email: '@invitation.test', status: 'invited' } });
    expect(pending.status).toBe(200);
    expect(pending.body.rows.map((row: { id: string }) => row.id)).toContain(id);
    expect(pending.body.rows.every((row: { status: string }) => row.status === 'invited')).toBe(true);
    const enabled = await owner.api.get('/iam/user', { filter: { email: '@invitation.test', status: 'enabled' } });
    expect(enabled.body.rows.map((row: { id: string }) => row.id)).toEqual([member.id]);

    await owner.api.put('/iam/status', { ids: [id], disabled: true });
    expect((await owner.api.get(`/iam/${id}`)).body.status).toBe('disabled');
  });

  it('is sent again with a fresh link, audited, and not twice within a minute', async () => {
    const email = newEmail();
    const id = await invite(owner, email);
    const [first] = await invitationsTo(email);

    const resent = await owner.api.post(`/iam/${id}/resend-invitation`, {});
    expect(resent.status).toBe(200);
    expect(resent.body).toBe(true);
    const links = (await invitationsTo(email)).map((row) => row.link);
    expect(links).toHaveLength(2);
    expect(new Set(links).size).toBe(2);
    expect(links).toContain(first?.link);
    const audited = await t.database.db
      .select({ by: auditLog.createdByEmail })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'invitationResend')));
    expect(audited).toEqual([{ by: owner.email }]);

    const again = await t.client(owner.token, 'en').post(`/iam/${id}/resend-invitation`, {});
    expect(again.status).toBe(429);
    expect(await invitationsTo(email)).toHaveLength(2);
  });

  it('is not pending for a user who set a password', async () => {
    const member = await t.createUser({ email: newEmail('member') });
    const answer = await t.client(owner.token, 'en').post(`/iam/${member.id}/resend-invitation`, {});
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe('This user has already set a password: no invitation is pending');
  });

  it('is refused to a caller who may not invite, and to one of another company as if the user did not exist', async () => {
    const email = newEmail();
    const id = await invite(owner, email, [companyA]);
    const reader = await t.createUser({ roles: ['viewer'] });
    expect((await reader.api.post(`/iam/${id}/resend-invitation`, {})).status).toBe(403);

    const otherAdmin = await t.createUser({ roles: ['viewer'], permissions: ['iamRead', 'iamCreate'], allowedCompanies: [companyB] });
    const outside = await otherAdmin.api.post(`/iam/${id}/resend-invitation`, {});
    expect(outside.status).toBe(404);
    const ownAdmin = await t.createUser({ roles: ['viewer'], permissions: ['iamRead', 'iamCreate'], allowedCompanies: [companyA] });
    expect((await ownAdmin.api.post(`/iam/${id}/resend-invitation`, {})).status).toBe(200);
    expect(await invitationsTo(email)).toHaveLength(2);
  });
});

describe('pending invitations on the users list', () => {
  it('are sent again in bulk to the selected invited users, skipping the others, audited', async () => {
    const first = newEmail();
    const second = newEmail();
    const ids = [await invite(owner, first), await invite(owner, second)];
    const member = await t.createUser({ email: newEmail('member') });

    const answer = await owner.api.post('/iam/resend-invitation', { ids: [...ids, member.id] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ sent: 2, skipped: 1 });
    expect(await invitationsTo(first)).toHaveLength(2);
    expect(await invitationsTo(second)).toHaveLength(2);
    const audited = await t.database.db
      .select({ id: auditLog.entityId, by: auditLog.createdByEmail })
      .from(auditLog)
      .where(eq(auditLog.action, 'invitationResend'));
    expect(audited.filter((row) => row.id && ids.includes(row.id))).toHaveLength(2);
    expect(audited.some((row) => row.id === member.id)).toBe(false);

    // Sent a moment ago: skipped, not refused.
    expect((await owner.api.post('/iam/resend-invitation', { ids })).body).toEqual({ sent: 0, skipped: 2 });
    expect(await invitationsTo(first)).toHaveLength(2);
  });

  it('are refused in bulk to a caller who may not invite, and for a user of another company', async () => {
    const id = await invite(owner, newEmail(), [companyA]);
    const reader = await t.createUser({ roles: ['viewer'] });
    expect((await reader.api.post('/iam/resend-invitation', { ids: [id] })).status).toBe(403);
    const otherAdmin = await t.createUser({ roles: ['viewer'], permissions: ['iamRead', 'iamCreate'], allowedCompanies: [companyB] });
    expect((await otherAdmin.api.post('/iam/resend-invitation', { ids: [id] })).status).toBe(404);
    expect((await owner.api.post('/iam/resend-invitation', { ids: [] })).status).toBe(400);
  });

  it('show as invited in the users-by-role view', async () => {
    const id = await invite(owner, newEmail());
    const tree = await owner.api.get('/iam/role', { filter: { role: viewerRoleId } });
    expect(tree.status).toBe(200);
    const users = tree.body.flatMap((entry: { users: { id: string; status: string }[] }) => entry.users);
    expect(users.find((row: { id: string }) => row.id === id)?.status).toBe('invited');
  });

  it('sort by the status word the reader sees', async () => {
    const invited = await invite(owner, newEmail('sorted'));
    const enabled = await t.createUser({ email: newEmail('sorted') });
    const disabled = await t.createUser({ email: newEmail('sorted') });
    await owner.api.put('/iam/status', { ids: [disabled.id], disabled: true });
    const order = async (language: string) => {
      const answer = await t
        .client(owner.token, language)
        .get('/iam/user', { filter: { email: 'sorted.' }, orderBy: 'status_ASC', limit: 100 });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.rows.map((row: { id: string }) => row.id);
    };
    // "Ativo" < "Convite pendente" < "Desativado"; "Disabled" < "Enabled" < "Invitation pending".
    expect(await order('pt-BR')).toEqual([enabled.id, invited, disabled.id]);
    expect(await order('en')).toEqual([disabled.id, enabled.id, invited]);
  });
});
