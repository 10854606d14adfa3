import {
  displayNameOf,
  type ExportFormat,
  entitySchema,
  type FileRef,
  fileRefsOf,
  fullNameOf,
  isPlainObject,
  OWNER_ROLE,
  PERMISSIONS,
  type Permission,
  PREDEFINED_ROLES,
  permissionsNotHeld,
  permissionsOfRole,
  stringsOf,
  textOf,
  translatorFor,
  USER_STATUSES,
  userEditSchema,
  userEntity,
  userInviteSchema,
} from '@ebox/domain';
import type { SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { parseExportFields, streamExport } from '../../kit/export';
import { labels } from '../../kit/labels';
import type { ListQuery } from '../../kit/list-query';
import { resolveNaturalKeys } from '../../kit/natural-keys';
import type { Row } from '../../kit/repository';
import { rowFromDriver } from '../../kit/routes';
import type { CurrentUser } from '../../platform/auth/current-user';
import {
  authorize,
  can,
  dbOf,
  inTransaction,
  type Principal,
  principalOf,
  type ServiceContext,
  type TxContext,
} from '../../platform/context';
import type { Tx } from '../../platform/db/client';
import { AppError, badRequest, conflict, fieldError, forbidden, rateLimited, ValidationError } from '../../platform/errors';
import { deliverMessage } from '../auth/delivery';
import { composeInvitationMail } from '../auth/mails';
import { INVITATION_HOURS, issueOneTimeToken, linkTo } from '../auth/service';
import {
  auditActorOf,
  auditUserChange,
  findUserById,
  insertUser,
  lockUser,
  lockUsers,
  lockUsersByEmails,
  type UserRow,
  updateUser,
} from '../auth/users';
import {
  autocompleteUsers,
  existingCompanyIds,
  findRolesByIds,
  findUserIdByUsername,
  idsWithoutPassword,
  isUserImportHashUsed,
  lastAuditedAt,
  listRolesWithUsers,
  listUsers,
  type RoleRow,
  sharesCompanyCondition,
  statusCondition,
  userListSql,
  userResource,
} from './repository';

/**
 * IAM rules (spec 7.2, 5.5): who may see and change which users, what roles may be granted, and
 * the two rules of 8.3 (nobody disables themself; nobody revokes their own owner role). Every
 * service checks its permission itself and reads the rules from the actor's principal (its
 * permissions and companies), so a job or a system actor with declared rights obeys them as a
 * person does. Every change is audited in its transaction.
 */

const LABELS = 'entities.user.fields';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the IAM rules ask of whoever acts: what they may do and which companies they reach. */
type Manager = Pick<Principal, 'permissions' | 'companyIds'>;

const managerOf = (ctx: ServiceContext): Principal => principalOf(ctx.actor);

function parse<T>(schema: z.ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data ?? {});
  if (!result.success) throw new ValidationError(result.error.issues, LABELS);
  return result.data;
}

// ---------------------------------------------------------------- visibility (company scope)

/**
 * A caller limited to allowed companies (spec 5.5) sees and manages only users who share one of
 * those companies; users without a limit belong to every company and stay out of their reach.
 */
function scopeConditions(manager: Manager): SQL[] {
  return manager.companyIds ? [sharesCompanyCondition(manager.companyIds)] : [];
}

function isVisible(manager: Manager, row: Pick<UserRow, 'allowedCompanies'>): boolean {
  const { companyIds } = manager;
  if (!companyIds) return true;
  return row.allowedCompanies.some((id) => companyIds.includes(id));
}

/** A user outside the caller's scope is answered as one that does not exist (spec 5.5). */
function assertVisible(manager: Manager, rows: Pick<UserRow, 'allowedCompanies'>[]): void {
  if (!rows.every((row) => isVisible(manager, row))) throw new AppError(404, 'iam.errors.userNotFound');
}

/**
 * Inviting an email that belongs to a user of another company: the user exists, so this cannot
 * answer as for a new email; it refuses without saying more.
 */
function assertInvitable(manager: Manager, rows: Pick<UserRow, 'allowedCompanies'>[]): void {
  if (!rows.every((row) => isVisible(manager, row))) throw forbidden('errors.outOfScope');
}

/**
 * Companies to store on a user: they must exist, and a limited caller can only hand out their own;
 * another company is answered as an unknown one. Companies the user already has are not checked
 * again: keeping them changes nothing, and the form sends them back as it got them.
 */
async function checkCompanies(db: Tx, manager: Manager, ids: string[], kept: string[] = []): Promise<void> {
  const added = ids.filter((id) => !kept.includes(id));
  const found = await existingCompanyIds(db, added);
  const { companyIds } = manager;
  const outside = companyIds && added.some((id) => !companyIds.includes(id));
  if (found.size !== new Set(added).size || outside) throw fieldError('allowedCompanies', 'iam.errors.companyNotFound');
}

/**
 * Spec 3: the user's own company, besides the allowed ones. It must exist and, for a caller limited
 * to allowed companies, be one of theirs (another answers as an unknown company, as for the allowed
 * companies); the company the user already has is kept without a check.
 */
async function checkOwnCompany(db: Tx, manager: Manager, id: string | null | undefined, kept: string | null = null): Promise<void> {
  if (!id || id === kept) return;
  const found = await existingCompanyIds(db, [id]);
  const outside = manager.companyIds && !manager.companyIds.includes(id);
  if (!found.size || outside) throw fieldError('company', 'iam.errors.companyNotFound');
}

/** Spec 3: a username is unique whatever its case: a taken one is a 409 on the field. */
function usernameTaken(username: string): AppError {
  return new AppError('conflict', 'iam.errors.usernameTaken', { username }, [
    { path: 'username', key: 'iam.errors.usernameTaken', values: { username } },
  ]);
}

async function checkUsernameFree(db: Tx, username: string | null | undefined, ownId?: string): Promise<void> {
  if (!username) return;
  const holder = await findUserIdByUsername(db, username);
  if (holder && holder !== ownId) throw usernameTaken(username);
}

/**
 * Import hashes are unique per importing company scope: a hash used by an administrator of other
 * companies neither blocks this import nor tells the caller it exists.
 */
function importKeyOf(manager: Manager, importHash: string): string {
  return manager.companyIds ? `${[...manager.companyIds].sort().join(',')}:${importHash}` : importHash;
}

/** `{id, label}` of a user's companies; one outside the caller's scope keeps its id and no name. */
async function companyRefsFor(ctx: ServiceContext, db: Tx, manager: Manager, ids: string[]): Promise<{ id: string; label: string }[]> {
  const names = await labels.labelsOf(db, 'company', ids, { companyIds: manager.companyIds }, ctx.deps.modules);
  return ids.map((id) => ({ id, label: names.get(id) ?? id }));
}

/** What a limited caller's new users get when the form leaves the companies empty: the caller's own. */
function companiesForNewUser(manager: Manager, requested: string[] | undefined): string[] {
  if (requested?.length) return requested;
  return [...(manager.companyIds ?? [])];
}

// ---------------------------------------------------------------- roles

/**
 * Roles must exist, and a caller can grant only roles whose permissions they hold themselves:
 * otherwise anyone with iamCreate could make themself owner.
 */
async function checkGrantableRoles(db: Tx, manager: Manager, roleIds: string[]): Promise<RoleRow[]> {
  const roles = await findRolesByIds(db, roleIds);
  if (roles.length !== new Set(roleIds).size) throw fieldError('roles', 'iam.errors.roleNotFound');
  for (const role of roles) {
    const missing = permissionsNotHeld(manager.permissions, permissionsOfRole(role));
    if (missing.length) throw fieldError('roles', 'iam.errors.roleNotGrantable', { role: role.name });
  }
  return roles;
}

// ---------------------------------------------------------------- who may manage whom

/** What the caller compares against before changing a user: where they belong and what they may do. */
export type ManagedUser = { allowedCompanies: string[]; permissions: readonly Permission[] };

/** Someone the console does not know could be anyone: only a caller holding everything manages them. */
export const UNKNOWN_USER: ManagedUser = { allowedCompanies: [], permissions: PERMISSIONS };

/**
 * The caller could manage this user: they see them (company scope) and hold every permission the
 * user holds. Whoever holds more than the caller is out of reach: the caller may not disable,
 * strip or otherwise change them, nor read the one-time links sent to them.
 */
export function canManageUser(who: Manager | CurrentUser, target: ManagedUser): boolean {
  // The outbox still asks with the signed-in user; every other caller brings a principal.
  const manager = 'allowedCompanyIds' in who ? principalOf({ kind: 'user', user: who }) : who;
  return isVisible(manager, target) && permissionsNotHeld(manager.permissions, target.permissions).length === 0;
}

/** The rows with the permissions their roles grant them. */
export async function withPermissions<T extends { roles: string[]; allowedCompanies: string[] }>(
  db: Tx,
  rows: T[],
): Promise<(T & ManagedUser)[]> {
  const found = await findRolesByIds(
    db,
    rows.flatMap((row) => row.roles),
  );
  const roles = new Map(found.map((role) => [role.id, role]));
  return rows.map((row) => {
    const granted = row.roles.flatMap((id) => {
      const role = roles.get(id);
      return role ? permissionsOfRole(role) : [];
    });
    return { ...row, permissions: [...new Set(granted)] };
  });
}

async function assertManageable(db: Tx, manager: Manager, rows: UserRow[]): Promise<void> {
  const outranking = (await withPermissions(db, rows)).find((row) => !canManageUser(manager, row));
  if (outranking) throw new AppError(403, 'iam.errors.userOutranksCaller', { email: outranking.email });
}

/** The owner role the acting person holds; the system and terminals hold no roles. */
function ownOwnerRoleIdOf(ctx: ServiceContext): string | null {
  if (ctx.actor.kind !== 'user') return null;
  return ctx.actor.user.roles.find((role) => role.name === OWNER_ROLE)?.id ?? null;
}

function union(current: string[], added: string[]): string[] {
  return [...new Set([...current, ...added])];
}

// ---------------------------------------------------------------- presenting

export type UserAnswer = {
  id: string;
  email: string;
  fullName: string | null;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  username: string | null;
  company: { id: string; label: string } | null;
  authenticationUid: string | null;
  useTemporaryToken: boolean;
  avatars: FileRef[];
  roles: { id: string; name: string }[];
  disabled: boolean;
  status: (typeof USER_STATUSES)[number];
  emailVerified: boolean;
  createdAt: string;
  updatedAt: string;
  allowedCompanies?: { id: string; label: string }[];
};

function toIso(value: unknown): string {
  const date = new Date(String(value));
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}

async function roleNames(db: Tx, rows: Record<string, unknown>[]): Promise<Map<string, string>> {
  const ids = rows.flatMap((row) => stringsOf(row.roles));
  return new Map((await findRolesByIds(db, ids)).map((role) => [role.id, role.name]));
}

type StoredUser = Pick<
  UserRow,
  | 'id'
  | 'email'
  | 'fullName'
  | 'firstName'
  | 'lastName'
  | 'phoneNumber'
  | 'username'
  | 'company'
  | 'authenticationUid'
  | 'useTemporaryToken'
  | 'avatars'
  | 'roles'
  | 'disabled'
  | 'emailVerified'
> & { createdAt: unknown; updatedAt: unknown };

/**
 * A user as the kit's list engine reads it (a Row of the user declaration over the platform table),
 * with the stored shapes the user table gives them.
 */
function storedUserOf(row: Row): StoredUser {
  return {
    id: row.id,
    email: textOf(row.email) ?? '',
    fullName: textOf(row.fullName),
    firstName: textOf(row.firstName),
    lastName: textOf(row.lastName),
    phoneNumber: textOf(row.phoneNumber),
    username: textOf(row.username),
    company: textOf(row.company),
    authenticationUid: textOf(row.authenticationUid),
    useTemporaryToken: row.useTemporaryToken === true,
    avatars: row.avatars,
    roles: stringsOf(row.roles),
    disabled: row.disabled === true,
    emailVerified: row.emailVerified === true,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function statusOf(row: Pick<StoredUser, 'id' | 'disabled'>, pending: Set<string>): UserAnswer['status'] {
  if (row.disabled) return 'disabled';
  return pending.has(row.id) ? 'invited' : 'enabled';
}

function presentUser(row: StoredUser, names: Map<string, string>, pending: Set<string>, companies: Map<string, string>): UserAnswer {
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    firstName: row.firstName,
    lastName: row.lastName,
    phoneNumber: row.phoneNumber,
    username: row.username,
    company: row.company ? { id: row.company, label: companies.get(row.company) ?? row.company } : null,
    authenticationUid: row.authenticationUid,
    useTemporaryToken: row.useTemporaryToken,
    avatars: fileRefsOf(row.avatars),
    roles: row.roles.flatMap((id) => {
      const name = names.get(id);
      return name === undefined ? [] : [{ id, name }];
    }),
    disabled: row.disabled,
    status: statusOf(row, pending),
    emailVerified: row.emailVerified,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

async function presentFullUser(ctx: ServiceContext, row: UserRow): Promise<UserAnswer> {
  const db = dbOf(ctx);
  const manager = managerOf(ctx);
  const companies = await companyLabelsFor(ctx, db, manager, row.company ? [row.company] : []);
  return {
    ...presentUser(row, await roleNames(db, [row]), row.passwordHash ? new Set() : new Set([row.id]), companies),
    allowedCompanies: await companyRefsFor(ctx, db, manager, row.allowedCompanies),
  };
}

/** The names of these companies the caller may see, by id (one outside their scope has none). */
async function companyLabelsFor(ctx: ServiceContext, db: Tx, manager: Manager, ids: string[]): Promise<Map<string, string>> {
  return new Map((await companyRefsFor(ctx, db, manager, [...new Set(ids)])).map((ref) => [ref.id, ref.label]));
}

// ---------------------------------------------------------------- list, export, autocomplete, roles

/** `status` is derived from `disabled` and the password; the kit's engine handles every other declared filter. */
function splitQuery(query: ListQuery): { query: ListQuery; extra: SQL[] } {
  const { status, ...filter } = query.filter ?? {};
  const extra: SQL[] = [];
  if (status !== undefined && status !== '' && status !== null) {
    const values = (Array.isArray(status) ? status : [status]).map(String).filter(Boolean);
    if (values.some((value) => !USER_STATUSES.some((known) => known === value)))
      throw badRequest('errors.invalidFilter', { field: 'status' });
    const condition = statusCondition(values);
    if (condition) extra.push(condition);
  }
  // Status sorts by the word the list shows, in the caller's language (userResource).
  return { query: { ...query, filter }, extra };
}

export async function listUsersOf(ctx: ServiceContext, rawQuery: ListQuery): Promise<{ rows: UserAnswer[]; count: number }> {
  authorize(ctx, 'iamRead');
  const db = dbOf(ctx);
  const { query, extra } = splitQuery({ ...rawQuery, language: ctx.language });
  const { rows, ...total } = await listUsers(db, query, [...extra, ...scopeConditions(managerOf(ctx))]);
  const names = await roleNames(db, rows);
  const pending = await idsWithoutPassword(
    db,
    rows.map((row) => row.id),
  );
  const stored = rows.map(storedUserOf);
  const companies = await companyLabelsFor(
    ctx,
    db,
    managerOf(ctx),
    stored.flatMap((row) => (row.company ? [row.company] : [])),
  );
  return { rows: stored.map((row) => presentUser(row, names, pending, companies)), ...total };
}

export function exportUsers(ctx: ServiceContext, rawQuery: ListQuery & { fields?: unknown; format?: ExportFormat }, reply: FastifyReply) {
  authorize(ctx, 'iamRead');
  const db = dbOf(ctx);
  const manager = managerOf(ctx);
  const fields = parseExportFields(userEntity, rawQuery.fields);
  const { query, extra } = splitQuery({ ...rawQuery, language: ctx.language });
  const t = translatorFor(ctx.language);
  return streamExport({
    db,
    reply,
    entity: userEntity,
    fields,
    language: ctx.language,
    format: rawQuery.format,
    query: userListSql(db, query, [...extra, ...scopeConditions(manager)]),
    present: async (rawRows) => {
      const rows = rawRows.map((raw) => rowFromDriver(userResource, raw));
      const names = await roleNames(db, rows);
      const pending = await idsWithoutPassword(
        db,
        rows.map((row) => row.id),
      );
      const companies = await companyLabelsFor(ctx, db, manager, [
        ...rows.flatMap((row) => stringsOf(row.allowedCompanies)),
        ...rows.flatMap((row) => stringsOf(row.company)),
      ]);
      return rows.map((row) => {
        const user = presentUser(storedUserOf(row), names, pending, companies);
        return {
          ...user,
          // The exporter writes relation labels as they come: a predefined role reads by its
          // translated name ('Proprietário'), never its key ('owner'). Enum values it translates itself.
          roles: user.roles.map((role) => ({
            id: role.id,
            label: Object.hasOwn(PREDEFINED_ROLES, role.name) ? t(`roles.predefined.${role.name}.label`) : role.name,
          })),
          allowedCompanies: stringsOf(row.allowedCompanies).map((id) => ({ id, label: companies.get(id) ?? id })),
        };
      });
    },
  });
}

/** Relation fields pointing at users ask with either autocomplete permission (spec 6). */
export async function autocompleteUsersOf(ctx: ServiceContext, text: string | undefined, limit: number) {
  if (!can(ctx, 'iamAutocomplete') && !can(ctx, 'iamUserAutocomplete')) throw forbidden();
  const rows = await autocompleteUsers(dbOf(ctx), text, limit, scopeConditions(managerOf(ctx)));
  return rows.map((row) => ({ id: row.id, label: `${displayNameOf(row)} <${row.email}>` }));
}

export async function listRolesWithUsersOf(ctx: ServiceContext, query: { filter?: { role?: unknown }; orderBy?: string }) {
  authorize(ctx, 'iamRead');
  const orderBy = query.orderBy || 'name_ASC';
  if (!/^(name|role)_(ASC|DESC)$/i.test(orderBy)) throw badRequest('errors.invalidOrderBy', { value: orderBy });
  const roleFilter = query.filter?.role;
  if (roleFilter !== undefined && typeof roleFilter !== 'string') throw badRequest('errors.invalidFilter', { field: 'role' });
  return listRolesWithUsers(dbOf(ctx), {
    roleFilter,
    byId: typeof roleFilter === 'string' && UUID.test(roleFilter.trim()),
    descending: /_DESC$/i.test(orderBy),
    userConditions: scopeConditions(managerOf(ctx)),
  });
}

export async function findUser(ctx: ServiceContext, id: string): Promise<UserAnswer> {
  authorize(ctx, 'iamRead');
  const row = await findUserById(dbOf(ctx), id);
  if (!row) throw new AppError(404, 'iam.errors.userNotFound');
  assertVisible(managerOf(ctx), [row]);
  return presentFullUser(ctx, row);
}

// ---------------------------------------------------------------- invite, import

type Invitation = { to: string; token: string };

/** Queued in the change's transaction; the users exist already, so one who misses it can use "forgot password". */
async function sendInvitations(ctx: TxContext, invitations: Invitation[]): Promise<void> {
  const inviter = ctx.actor.kind === 'user' ? displayNameOf(ctx.actor.user) : managerOf(ctx).label;
  for (const invitation of invitations) {
    const mail = composeInvitationMail(
      ctx.language,
      invitation.to,
      `${linkTo(ctx, 'password-reset', invitation.token)}&invitation=1`,
      INVITATION_HOURS,
      inviter,
    );
    await deliverMessage(ctx, { channel: 'email', message: mail });
  }
}

/** Creates an invited user (no password yet) with a set-password link valid for a week. */
async function createInvitedUser(
  ctx: TxContext,
  values: {
    email: string;
    roles: string[];
    allowedCompanies: string[];
    firstName?: string | null;
    lastName?: string | null;
    phoneNumber?: string | null;
    username?: string | null;
    company?: string | null;
    useTemporaryToken?: boolean | null;
  },
  importHash?: string,
): Promise<{ row: UserRow; invitation: Invitation }> {
  const invitation = issueOneTimeToken('mail', INVITATION_HOURS);
  const by = managerOf(ctx).userId;
  const row = await insertUser(ctx.tx, {
    email: values.email,
    firstName: values.firstName ?? null,
    lastName: values.lastName ?? null,
    fullName: fullNameOf(values.firstName, values.lastName),
    phoneNumber: values.phoneNumber ?? null,
    username: values.username ?? null,
    company: values.company ?? null,
    useTemporaryToken: values.useTemporaryToken ?? false,
    roles: values.roles,
    allowedCompanies: values.allowedCompanies,
    passwordResetTokenHash: invitation.hash,
    passwordResetExpiresAt: invitation.expiresAt,
    importHash: importHash ?? null,
    createdById: by,
    updatedById: by,
  });
  await auditUserChange(ctx.tx, importHash ? 'import' : 'create', null, row, auditActorOf(ctx));
  return { row, invitation: { to: row.email, token: invitation.token } };
}

/** Someone invited again who never set a password gets a fresh link. */
function reinvitation(row: UserRow): ReturnType<typeof issueOneTimeToken> | null {
  return row.passwordHash ? null : issueOneTimeToken('mail', INVITATION_HOURS);
}

function isUniqueViolation(error: unknown): boolean {
  if (!isPlainObject(error)) return false;
  return error.code === '23505' || (isPlainObject(error.cause) && error.cause.code === '23505');
}

/** Two requests took the same username at once: the unique index refused the second. */
function isUsernameViolation(error: unknown): boolean {
  if (!isUniqueViolation(error) || !isPlainObject(error)) return false;
  const cause = isPlainObject(error.cause) ? error.cause : error;
  return cause.constraint === 'user_username_key';
}

/** POST /iam: new emails become invited users; existing users get the roles added. */
export async function inviteUsers(ctx: ServiceContext, data: unknown): Promise<true> {
  authorize(ctx, 'iamCreate');
  const input = parse(userInviteSchema, data);
  const emails = [...new Set(input.emails)];
  const manager = managerOf(ctx);
  try {
    await inTransaction(ctx, async (inner) => {
      const { tx } = inner;
      await checkGrantableRoles(tx, manager, input.roles);
      const companies = companiesForNewUser(manager, input.allowedCompanies);
      await checkCompanies(tx, manager, companies);
      await checkOwnCompany(tx, manager, input.company);
      const existing = await lockUsersByEmails(tx, emails);
      assertInvitable(manager, existing);
      await assertManageable(tx, manager, existing);
      const sent: Invitation[] = [];
      for (const before of existing) {
        const again = reinvitation(before);
        const after = await updateUser(tx, before.id, {
          roles: union(before.roles, input.roles),
          updatedById: manager.userId,
          ...(again ? { passwordResetTokenHash: again.hash, passwordResetExpiresAt: again.expiresAt } : {}),
        });
        if (again) sent.push({ to: after.email, token: again.token });
        await auditUserChange(tx, 'update', before, after, auditActorOf(ctx));
      }
      const known = new Set(existing.map((row) => row.email.toLowerCase()));
      for (const email of emails.filter((e) => !known.has(e))) {
        const { invitation } = await createInvitedUser(inner, {
          email,
          roles: input.roles,
          allowedCompanies: companies,
          company: input.company,
          useTemporaryToken: input.useTemporaryToken,
        });
        sent.push(invitation);
      }
      await sendInvitations(inner, sent);
    });
  } catch (error) {
    // Someone signed up with one of these emails meanwhile: inviting again adds the roles.
    if (isUniqueViolation(error)) throw new AppError(409, 'iam.errors.userAlreadyExists');
    throw error;
  }
  return true;
}

/** POST /iam/import: one row of the importer (spec 5.4); a repeated hash is refused. */
export async function importUser(ctx: ServiceContext, data: unknown, importHash: string | undefined): Promise<UserAnswer> {
  authorize(ctx, 'iamImport');
  if (!importHash?.trim()) throw badRequest('errors.importHashRequired');
  const manager = managerOf(ctx);
  const key = importKeyOf(manager, importHash);
  if (await isUserImportHashUsed(dbOf(ctx), key)) throw conflict('errors.importHashExistent');
  const named = parse(entitySchema(userEntity, 'import'), data);
  // Roles (and companies) named as a person writes them, or by id, within the caller's scope. The
  // import schema validated these fields and the resolver only swaps names for ids, but answers a
  // generic record: the cast states the shape validated above.
  const input = (await resolveNaturalKeys(dbOf(ctx), userEntity, named, { companyIds: manager.companyIds })) as {
    email: string;
    firstName?: string | null;
    lastName?: string | null;
    phoneNumber?: string | null;
    username?: string | null;
    company?: string | null;
    useTemporaryToken?: boolean | null;
    roles: string[];
    allowedCompanies?: string[];
  };
  const email = input.email.toLowerCase();
  try {
    return await inTransaction(ctx, async (inner) => {
      const { tx } = inner;
      await checkGrantableRoles(tx, manager, input.roles);
      const [before] = await lockUsersByEmails(tx, [email]);
      await checkUsernameFree(tx, input.username, before?.id);
      if (!before) {
        const companies = companiesForNewUser(manager, input.allowedCompanies);
        await checkCompanies(tx, manager, companies);
        await checkOwnCompany(tx, manager, input.company);
        const created = await createInvitedUser(inner, { ...input, email, allowedCompanies: companies }, key);
        await sendInvitations(inner, [created.invitation]);
        return presentFullUser(inner, created.row);
      }
      assertInvitable(manager, [before]);
      await assertManageable(tx, manager, [before]);
      if (input.allowedCompanies?.length) await checkCompanies(tx, manager, input.allowedCompanies, before.allowedCompanies);
      await checkOwnCompany(tx, manager, input.company, before.company);
      const firstName = input.firstName ?? before.firstName;
      const lastName = input.lastName ?? before.lastName;
      const again = reinvitation(before);
      const after = await updateUser(tx, before.id, {
        firstName,
        lastName,
        fullName: fullNameOf(firstName, lastName),
        phoneNumber: input.phoneNumber ?? before.phoneNumber,
        username: input.username ?? before.username,
        company: input.company ?? before.company,
        useTemporaryToken: input.useTemporaryToken ?? before.useTemporaryToken,
        roles: union(before.roles, input.roles),
        ...(input.allowedCompanies?.length ? { allowedCompanies: union(before.allowedCompanies, input.allowedCompanies) } : {}),
        importHash: key,
        updatedById: manager.userId,
        ...(again ? { passwordResetTokenHash: again.hash, passwordResetExpiresAt: again.expiresAt } : {}),
      });
      await auditUserChange(tx, 'import', before, after, auditActorOf(ctx));
      if (again) await sendInvitations(inner, [{ to: after.email, token: again.token }]);
      return presentFullUser(inner, after);
    });
  } catch (error) {
    // Read outside the failed transaction: it can run no more statements.
    if (isUniqueViolation(error) && (await isUserImportHashUsed(ctx.deps.db, key))) throw conflict('errors.importHashExistent');
    if (isUsernameViolation(error) && input.username) throw usernameTaken(input.username);
    if (isUniqueViolation(error)) throw new AppError(409, 'iam.errors.userAlreadyExists');
    throw error;
  }
}

/** One resend per user per minute: enough to recover a lost mail, too slow to flood a mailbox. */
export const INVITATION_RESEND_INTERVAL_MS = 60_000;

/** Why a user gets no fresh invitation now: none is pending, or one was sent less than a minute ago. */
type ResendRefusal = 'notPending' | 'tooSoon';

/** Whether `user` may be sent a fresh invitation now (the caller may already manage them). */
async function resendRefusalOf(tx: Tx, user: UserRow): Promise<ResendRefusal | null> {
  if (user.passwordHash || user.disabled) return 'notPending';
  const last = await lastAuditedAt(tx, user.id, 'invitationResend');
  return last && Date.now() - last.getTime() < INVITATION_RESEND_INTERVAL_MS ? 'tooSoon' : null;
}

/** A fresh link (the previous one stops working), audited as `invitationResend`, queued in the transaction. */
async function sendFreshInvitation(ctx: TxContext, before: UserRow): Promise<void> {
  const again = issueOneTimeToken('mail', INVITATION_HOURS);
  const after = await updateUser(ctx.tx, before.id, {
    passwordResetTokenHash: again.hash,
    passwordResetExpiresAt: again.expiresAt,
    updatedById: managerOf(ctx).userId,
  });
  await auditUserChange(ctx.tx, 'invitationResend', before, after, auditActorOf(ctx));
  await sendInvitations(ctx, [{ to: after.email, token: again.token }]);
}

/**
 * POST /iam/:id/resend-invitation: a user who has not set a password yet gets a fresh invitation
 * link (the previous one stops working), through the outbox as the first one.
 */
export async function resendInvitation(ctx: ServiceContext, id: string): Promise<true> {
  authorize(ctx, 'iamCreate');
  const manager = managerOf(ctx);
  await inTransaction(ctx, async (inner) => {
    const { tx } = inner;
    const before = await lockUser(tx, id);
    if (!before) throw new AppError(404, 'iam.errors.userNotFound');
    assertVisible(manager, [before]);
    await assertManageable(tx, manager, [before]);
    const refusal = await resendRefusalOf(tx, before);
    if (refusal === 'notPending') throw badRequest('iam.errors.invitationNotPending');
    if (refusal === 'tooSoon') throw rateLimited();
    await sendFreshInvitation(inner, before);
  });
  return true;
}

/**
 * POST /iam/resend-invitation {ids}: the users list's bulk action. The selected users must all be
 * within the caller's reach (as for a status change: 404 outside the company scope, 403 when one
 * outranks the caller); among them, those whose invitation is pending and was not sent in the last
 * minute get a fresh one, the others are skipped and counted, so one click never fails on a mixed
 * selection.
 */
export async function resendInvitations(ctx: ServiceContext, ids: string[]): Promise<{ sent: number; skipped: number }> {
  authorize(ctx, 'iamCreate');
  const manager = managerOf(ctx);
  const unique = [...new Set(ids)];
  return inTransaction(ctx, async (inner) => {
    const { tx } = inner;
    const rows = await lockUsers(tx, unique);
    if (rows.length !== unique.length) throw new AppError(404, 'iam.errors.userNotFound');
    assertVisible(manager, rows);
    await assertManageable(tx, manager, rows);
    let sent = 0;
    for (const before of rows) {
      if (await resendRefusalOf(tx, before)) continue;
      await sendFreshInvitation(inner, before);
      sent += 1;
    }
    return { sent, skipped: rows.length - sent };
  });
}

// ---------------------------------------------------------------- edit, status, remove roles

/** PUT /iam: names, phone, avatar, roles and companies of a user. */
export async function editUser(ctx: ServiceContext, data: unknown): Promise<UserAnswer> {
  authorize(ctx, 'iamEdit');
  const input = parse(userEditSchema, data);
  const manager = managerOf(ctx);
  try {
    return await editUserIn(ctx, input, manager);
  } catch (error) {
    if (isUsernameViolation(error) && input.username) throw usernameTaken(input.username);
    throw error;
  }
}

async function editUserIn(ctx: ServiceContext, input: z.infer<typeof userEditSchema>, manager: Principal): Promise<UserAnswer> {
  return inTransaction(ctx, async (inner) => {
    const { tx } = inner;
    const before = await lockUser(tx, input.id);
    if (!before) throw new AppError(404, 'iam.errors.userNotFound');
    assertVisible(manager, [before]);
    await assertManageable(tx, manager, [before]);
    // Only roles being added must be grantable: keeping or removing a role never escalates.
    await checkGrantableRoles(
      tx,
      manager,
      input.roles.filter((id) => !before.roles.includes(id)),
    );
    const ownerRoleId = ownOwnerRoleIdOf(ctx);
    if (before.id === manager.userId && ownerRoleId && !input.roles.includes(ownerRoleId)) {
      throw fieldError('roles', 'iam.errors.revokingOwnPermission');
    }
    if (input.allowedCompanies !== undefined) {
      await checkCompanies(tx, manager, input.allowedCompanies, before.allowedCompanies);
      // A limited caller cannot turn a user into one of every company.
      if (manager.companyIds && !input.allowedCompanies.length) throw forbidden('errors.outOfScope');
    }
    if (input.company !== undefined) await checkOwnCompany(tx, manager, input.company, before.company);
    if (input.username !== undefined) await checkUsernameFree(tx, input.username, before.id);
    const firstName = input.firstName !== undefined ? input.firstName : before.firstName;
    const lastName = input.lastName !== undefined ? input.lastName : before.lastName;
    const after = await updateUser(tx, before.id, {
      firstName,
      lastName,
      fullName: fullNameOf(firstName, lastName),
      ...(input.phoneNumber !== undefined ? { phoneNumber: input.phoneNumber } : {}),
      ...(input.avatars !== undefined ? { avatars: input.avatars } : {}),
      roles: input.roles,
      ...(input.allowedCompanies !== undefined ? { allowedCompanies: input.allowedCompanies } : {}),
      ...(input.username !== undefined ? { username: input.username } : {}),
      ...(input.company !== undefined ? { company: input.company } : {}),
      ...(input.useTemporaryToken !== undefined && input.useTemporaryToken !== null ? { useTemporaryToken: input.useTemporaryToken } : {}),
      updatedById: manager.userId,
    });
    await auditUserChange(tx, 'update', before, after, auditActorOf(ctx));
    return presentFullUser(inner, after);
  });
}

/** PUT /iam/status: enable or disable users; a disabled user's tokens stop working at once and for good. */
export async function setUsersDisabled(ctx: ServiceContext, ids: string[], disabled: boolean): Promise<true> {
  authorize(ctx, 'iamEdit');
  const manager = managerOf(ctx);
  const unique = [...new Set(ids)];
  if (disabled && manager.userId && unique.includes(manager.userId)) throw badRequest('iam.errors.disablingHimself');
  await inTransaction(ctx, async ({ tx }) => {
    const rows = await lockUsers(tx, unique);
    if (rows.length !== unique.length) throw new AppError(404, 'iam.errors.userNotFound');
    assertVisible(manager, rows);
    await assertManageable(tx, manager, rows);
    for (const before of rows) {
      if (before.disabled === disabled) continue;
      // Disabling ends every token issued so far: enabling the user again does not revive them.
      const after = await updateUser(tx, before.id, {
        disabled,
        ...(disabled ? { tokenVersion: before.tokenVersion + 1 } : {}),
        updatedById: manager.userId,
      });
      await auditUserChange(tx, 'update', before, after, auditActorOf(ctx));
    }
  });
  return true;
}

/** DELETE /iam: takes the given roles (or all of them) from the users with these emails. */
export async function removeRoles(ctx: ServiceContext, input: { emails: string[]; roles: string[]; all: boolean }): Promise<true> {
  authorize(ctx, 'iamDestroy');
  if (!input.all && !input.roles.length) throw fieldError('roles', 'iam.errors.removeNothingSelected');
  const manager = managerOf(ctx);
  const emails = [...new Set(input.emails.map((email) => email.toLowerCase()))];
  await inTransaction(ctx, async ({ tx }) => {
    const rows = await lockUsersByEmails(tx, emails);
    if (rows.length !== emails.length) throw new AppError(404, 'iam.errors.userNotFound');
    assertVisible(manager, rows);
    await assertManageable(tx, manager, rows);
    const ownerRoleId = ownOwnerRoleIdOf(ctx);
    const removesOwnOwner =
      rows.some((row) => row.id === manager.userId) && ownerRoleId && (input.all || input.roles.includes(ownerRoleId));
    if (removesOwnOwner) throw badRequest('iam.errors.revokingOwnPermission');
    for (const before of rows) {
      const roles = input.all ? [] : before.roles.filter((id) => !input.roles.includes(id));
      if (roles.length === before.roles.length) continue;
      const after = await updateUser(tx, before.id, { roles, updatedById: manager.userId });
      await auditUserChange(tx, 'rolesRemove', before, after, auditActorOf(ctx));
    }
  });
  return true;
}
