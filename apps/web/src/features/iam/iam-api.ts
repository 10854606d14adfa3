import type { RelationRef } from '@ebox/domain';
import { api, download } from '../../app/api-client';
import type { EntityEndpoints, EntityRecord, ListRequest, ListResult } from '../../kit/entity-api';

/** IAM calls (spec 7.2, docs/api-contract.md "IAM (7.2)"). */

type RoleRef = { id: string; name: string };

export type IamUser = EntityRecord & {
  email: string;
  fullName: string | null;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  username: string | null;
  company: RelationRef | null;
  /** Given by an external sign-in: shown, never sent back. */
  authenticationUid: string | null;
  useTemporaryToken: boolean;
  roles: RelationRef[];
  allowedCompanies?: RelationRef[];
  disabled: boolean;
  status: 'enabled' | 'disabled' | 'invited';
  emailVerified: boolean;
  createdAt: string;
};

export type RoleWithUsers = {
  role: { id: string; name: string; description: string | null };
  users: { id: string; email: string; fullName: string | null; disabled: boolean; status: IamUser['status'] }[];
};

/** The API answers roles as {id, name}; relation fields everywhere else are {id, label}. */
function withRoleLabels(user: Record<string, unknown>): IamUser {
  const roles = ((user.roles as RoleRef[] | undefined) ?? []).map((role) => ({ id: role.id, label: role.name }));
  return { ...(user as IamUser), roles };
}

export const iamEndpoints: EntityEndpoints = {
  async list(request: ListRequest): Promise<ListResult> {
    const result = await api.get<ListResult>('/iam/user', request);
    return { rows: result.rows.map(withRoleLabels), count: result.count };
  },
  find: async (id) => withRoleLabels(await api.get<Record<string, unknown>>(`/iam/${encodeURIComponent(id)}`)),
  create: (data) => api.post('/iam', { data }),
  update: (id, data) => api.put('/iam', { data: { ...data, id } }),
  importRow: (data, importHash) => api.post('/iam/import', { data, importHash }),
  exportFile: (fields, request) => download('/iam/user/export', { fields, ...request }),
};

export function setUsersDisabled(ids: string[], disabled: boolean): Promise<unknown> {
  return api.put('/iam/status', { ids, disabled });
}

/** POST /iam/:id/resend-invitation: a fresh invitation to a user who has not set a password. */
export function resendInvitation(id: string): Promise<unknown> {
  return api.post(`/iam/${encodeURIComponent(id)}/resend-invitation`, {});
}

/** POST /iam/resend-invitation: fresh invitations to those of `ids` whose invitation is pending; the others are skipped. */
export function resendInvitations(ids: string[]): Promise<{ sent: number; skipped: number }> {
  return api.post('/iam/resend-invitation', { ids });
}

/** DELETE /iam: those roles (or all of them) taken from those users. */
export function removeRoles(emails: string[], roles: string[] | 'all'): Promise<unknown> {
  return api.delete('/iam', roles === 'all' ? { emails, all: true } : { emails, roles });
}

export function listRolesWithUsers(filter: { role?: string }, orderBy?: string): Promise<RoleWithUsers[]> {
  return api.get<RoleWithUsers[]>('/iam/role', { filter: filter.role ? { role: filter.role } : undefined, orderBy });
}
