import { type FileRef, fullNameOf, type Language } from '@ebox/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app';
import { writeAudit } from '../../platform/audit';
import { type CurrentUser, loadCurrentUser } from '../../platform/auth/current-user';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { revokeToken } from '../../platform/auth/revoked-tokens';
import { createOneTimeToken, hashOneTimeToken, type VerifiedToken } from '../../platform/auth/tokens';
import type { Tx } from '../../platform/db/client';
import { AppError, badRequest, unauthorized } from '../../platform/errors';
import { sendMessage } from '../../platform/messages';
import { composePasswordResetMail, composePasswordResetSms, composeVerificationMail } from './mails';
import {
  auditUserChange,
  companyRefs,
  findUserByEmail,
  insertUser,
  lockUser,
  lockUserByPasswordResetToken,
  lockUserByVerificationToken,
  type UserRow,
  updateUser,
} from './users';

/** Who calls and in which language answers and mails go out. */
export type AuthContext = { deps: AppDeps; language: Language; log: FastifyBaseLogger };

export const EMAIL_VERIFICATION_HOURS = 48;
export const PASSWORD_RESET_HOURS = 2;
export const INVITATION_HOURS = 7 * 24;

export type PasswordResetMethod = 'email' | 'sms';

/**
 * A one-time token remembers how it was delivered: a link that reached the mailbox also proves the
 * address (an invited user who sets a password has verified their email), one sent by SMS does not.
 */
const MAILED_TOKEN_PREFIX = 'e.';
const TEXTED_TOKEN_PREFIX = 's.';

export function issueOneTimeToken(delivery: 'mail' | 'sms', hours: number): { token: string; hash: string; expiresAt: string } {
  const token = `${delivery === 'mail' ? MAILED_TOKEN_PREFIX : TEXTED_TOKEN_PREFIX}${createOneTimeToken().token}`;
  return { token, hash: hashOneTimeToken(token), expiresAt: new Date(Date.now() + hours * 3600_000).toISOString() };
}

export function linkTo(ctx: AuthContext, page: 'verify-email' | 'password-reset', token: string): string {
  return `${ctx.deps.config.appUrl}/auth/${page}?token=${encodeURIComponent(token)}`;
}

const actorOf = (row: { id: string; email: string }) => ({ id: row.id, email: row.email });

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return (error as { code?: string })?.code === '23505' || cause?.code === '23505';
}

// Signing in with an unknown email still pays for one hash check, so timing does not tell
// which emails have an account.
let decoyHash: Promise<string> | undefined;
function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy password for unknown accounts');
  return decoyHash;
}

export async function signUp(ctx: AuthContext, input: { email: string; password: string }): Promise<string> {
  const { db, tokens } = ctx.deps;
  if (await findUserByEmail(db, input.email)) throw badRequest('auth.errors.userAlreadyExists');
  const passwordHash = await hashPassword(input.password);
  const verification = issueOneTimeToken('mail', EMAIL_VERIFICATION_HOURS);
  let created: UserRow;
  try {
    created = await db.transaction(async (tx) => {
      const row = await insertUser(tx, {
        email: input.email,
        passwordHash,
        emailVerificationTokenHash: verification.hash,
        emailVerificationExpiresAt: verification.expiresAt,
      });
      await auditUserChange(tx, 'create', null, row, actorOf(row));
      return row;
    });
  } catch (error) {
    // Two sign-ups with the same email racing: the unique index decides.
    if (isUniqueViolation(error)) throw badRequest('auth.errors.userAlreadyExists');
    throw error;
  }
  // The account exists even when the mail fails; the unverified page offers to send it again.
  const mail = composeVerificationMail(
    ctx.language,
    created.email,
    linkTo(ctx, 'verify-email', verification.token),
    EMAIL_VERIFICATION_HOURS,
  );
  await sendMessage(ctx, { channel: 'email', ...mail }).catch((error) =>
    ctx.log.error({ err: error }, 'verification mail not queued after sign-up'),
  );
  return tokens.sign({ sub: created.id, tv: created.tokenVersion });
}

export async function signIn(ctx: AuthContext, input: { email: string; password: string; rememberMe?: boolean }): Promise<string> {
  const row = await findUserByEmail(ctx.deps.db, input.email);
  const matches = await verifyPassword(row?.passwordHash ?? (await decoyPasswordHash()), input.password);
  if (!row?.passwordHash || !matches) throw badRequest('auth.errors.invalidCredentials');
  if (row.disabled) throw badRequest('auth.errors.userDisabled');
  return ctx.deps.tokens.sign({ sub: row.id, tv: row.tokenVersion }, input.rememberMe ?? false);
}

/** Ends the session of this token; the user's other sessions go on. */
export async function signOut(ctx: AuthContext, token: VerifiedToken | null): Promise<true> {
  if (!token) throw unauthorized();
  await revokeToken(ctx.deps.db, token.jti, token.expiresAt);
  return true;
}

export async function sendVerificationEmail(ctx: AuthContext, current: CurrentUser): Promise<true> {
  if (current.emailVerified) throw badRequest('auth.errors.emailAlreadyVerified');
  const verification = issueOneTimeToken('mail', EMAIL_VERIFICATION_HOURS);
  await ctx.deps.db.transaction(async (tx) => {
    await updateUser(tx, current.id, {
      emailVerificationTokenHash: verification.hash,
      emailVerificationExpiresAt: verification.expiresAt,
    });
    await writeAudit(tx, { entityName: 'user', entityId: current.id, action: 'emailVerificationRequest', by: actorOf(current) });
  });
  const mail = composeVerificationMail(
    ctx.language,
    current.email,
    linkTo(ctx, 'verify-email', verification.token),
    EMAIL_VERIFICATION_HOURS,
  );
  await sendMessage(ctx, { channel: 'email', ...mail });
  return true;
}

async function requireKnownEmail(db: Tx, email: string): Promise<UserRow> {
  const row = await findUserByEmail(db, email);
  if (!row) throw badRequest('auth.errors.emailNotRecognized');
  return row;
}

/**
 * The same answer for every email, known or not, with a phone or not, so the call tells nobody
 * which accounts exist or can be texted; the reset request below mails the link to an account
 * without a phone that asked for SMS.
 */
export function getPasswordResetMethods(): { methods: PasswordResetMethod[] } {
  return { methods: ['email', 'sms'] };
}

/**
 * Spec 8.3 shows "Email not recognized" on the reset request, so an unknown email is still told
 * apart here (docs/security.md: the throttle bounds what this costs).
 */
export async function sendPasswordReset(ctx: AuthContext, input: { email: string; method: PasswordResetMethod }): Promise<true> {
  const { db } = ctx.deps;
  const row = await requireKnownEmail(db, input.email);
  if (row.disabled) throw badRequest('auth.errors.userDisabled');
  const phoneNumber = input.method === 'sms' ? row.phoneNumber : null;
  const method: PasswordResetMethod = phoneNumber ? 'sms' : 'email';
  const reset = issueOneTimeToken(phoneNumber ? 'sms' : 'mail', PASSWORD_RESET_HOURS);
  await db.transaction(async (tx) => {
    await updateUser(tx, row.id, { passwordResetTokenHash: reset.hash, passwordResetExpiresAt: reset.expiresAt });
    await writeAudit(tx, {
      entityName: 'user',
      entityId: row.id,
      action: 'passwordResetRequest',
      after: { method },
      by: actorOf(row),
    });
  });
  const link = linkTo(ctx, 'password-reset', reset.token);
  if (phoneNumber) {
    const message = composePasswordResetSms(ctx.language, phoneNumber, link, PASSWORD_RESET_HOURS);
    await sendMessage(ctx, { channel: 'sms', ...message });
  } else {
    const mail = composePasswordResetMail(ctx.language, row.email, link, PASSWORD_RESET_HOURS);
    await sendMessage(ctx, { channel: 'email', ...mail });
  }
  return true;
}

/** Sets a new password from a reset (or invitation) link and signs the user in. */
export async function resetPassword(ctx: AuthContext, input: { token: string; password: string }): Promise<string> {
  const passwordHash = await hashPassword(input.password);
  const updated = await ctx.deps.db.transaction(async (tx) => {
    const before = await lockUserByPasswordResetToken(tx, hashOneTimeToken(input.token));
    if (!before) throw badRequest('auth.errors.invalidPasswordResetToken');
    if (before.disabled) throw badRequest('auth.errors.userDisabled');
    const provesEmail = input.token.startsWith(MAILED_TOKEN_PREFIX);
    const after = await updateUser(tx, before.id, {
      passwordHash,
      tokenVersion: before.tokenVersion + 1,
      passwordResetTokenHash: null,
      passwordResetExpiresAt: null,
      ...(provesEmail && !before.emailVerified
        ? { emailVerified: true, emailVerificationTokenHash: null, emailVerificationExpiresAt: null }
        : {}),
    });
    await auditUserChange(tx, 'passwordReset', before, after, actorOf(before));
    return after;
  });
  return ctx.deps.tokens.sign({ sub: updated.id, tv: updated.tokenVersion });
}

export async function verifyEmail(ctx: AuthContext, token: string): Promise<true> {
  await ctx.deps.db.transaction(async (tx) => {
    const before = await lockUserByVerificationToken(tx, hashOneTimeToken(token));
    if (!before) throw badRequest('auth.errors.invalidVerificationToken');
    const after = await updateUser(tx, before.id, {
      emailVerified: true,
      emailVerificationTokenHash: null,
      emailVerificationExpiresAt: null,
    });
    await auditUserChange(tx, 'update', before, after, actorOf(before));
  });
  return true;
}

export type ProfileInput = {
  firstName?: string | null;
  lastName?: string | null;
  phoneNumber?: string | null;
  avatars?: FileRef[];
};

/** A missing key keeps the stored value; full name follows first and last name. */
export async function updateProfile(ctx: AuthContext, current: CurrentUser, profile: ProfileInput): Promise<CurrentUserAnswer> {
  const { db } = ctx.deps;
  await db.transaction(async (tx) => {
    const before = await lockUser(tx, current.id);
    if (!before) throw unauthorized();
    const firstName = profile.firstName !== undefined ? profile.firstName : before.firstName;
    const lastName = profile.lastName !== undefined ? profile.lastName : before.lastName;
    const after = await updateUser(tx, before.id, {
      firstName,
      lastName,
      fullName: fullNameOf(firstName, lastName),
      ...(profile.phoneNumber !== undefined ? { phoneNumber: profile.phoneNumber } : {}),
      ...(profile.avatars !== undefined ? { avatars: profile.avatars } : {}),
    });
    await auditUserChange(tx, 'update', before, after, actorOf(before));
  });
  const reloaded = await loadCurrentUser(db, current.id);
  if (!reloaded) throw unauthorized();
  return presentCurrentUser(db, reloaded);
}

/** Older tokens stop working (their token version is behind); the answer is a fresh one. */
export async function changePassword(
  ctx: AuthContext,
  current: CurrentUser,
  input: { oldPassword: string; newPassword: string },
): Promise<string> {
  const { db, tokens } = ctx.deps;
  const passwordHash = await hashPassword(input.newPassword);
  const updated = await db.transaction(async (tx) => {
    const before = await lockUser(tx, current.id);
    if (!before) throw unauthorized();
    if (!(await verifyPassword(before.passwordHash, input.oldPassword))) {
      throw new AppError(400, 'auth.errors.wrongPassword', {}, [{ path: 'oldPassword', key: 'auth.errors.wrongPassword', values: {} }]);
    }
    const after = await updateUser(tx, before.id, {
      passwordHash,
      tokenVersion: before.tokenVersion + 1,
      passwordResetTokenHash: null,
      passwordResetExpiresAt: null,
    });
    await auditUserChange(tx, 'passwordChange', before, after, actorOf(before));
    return after;
  });
  return tokens.sign({ sub: updated.id, tv: updated.tokenVersion });
}

function toIso(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

export type CurrentUserAnswer = Awaited<ReturnType<typeof presentCurrentUser>>;

/** GET /auth/me: the user as docs/architecture.md "CurrentUser" describes it. */
export async function presentCurrentUser(db: Tx, current: CurrentUser) {
  return {
    id: current.id,
    email: current.email,
    firstName: current.firstName,
    lastName: current.lastName,
    fullName: current.fullName,
    phoneNumber: current.phoneNumber,
    avatars: current.avatars as FileRef[],
    emailVerified: current.emailVerified,
    disabled: current.disabled,
    roles: current.roles,
    permissions: current.permissions,
    allowedCompanies: await companyRefs(db, current.allowedCompanyIds),
    createdAt: toIso(current.createdAt),
    updatedAt: toIso(current.updatedAt),
  };
}
