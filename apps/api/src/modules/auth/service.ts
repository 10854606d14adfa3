import { type FileRef, fileRefsOf, fullNameOf, isPlainObject } from '@ebox/domain';
import { writeAudit } from '../../platform/audit';
import { type CurrentUser, loadCurrentUser } from '../../platform/auth/current-user';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { revokeToken } from '../../platform/auth/revoked-tokens';
import { createOneTimeToken, hashOneTimeToken, type VerifiedToken } from '../../platform/auth/tokens';
import { dbOf, inTransaction, type ServiceContext, userOf } from '../../platform/context';
import { AppError, badRequest, unauthorized } from '../../platform/errors';
import { deliverMessage } from './delivery';
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

/**
 * Spec 7.1. Every service takes the service context first: the anonymous ones (sign-up, sign-in,
 * reset, verify) run for anyone; profile, password and verification mail act on `userOf(ctx)`.
 */

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

export function linkTo(ctx: ServiceContext, page: 'verify-email' | 'password-reset', token: string): string {
  return `${ctx.deps.config.appUrl}/auth/${page}?token=${encodeURIComponent(token)}`;
}

const actorOf = (row: { id: string; email: string }) => ({ id: row.id, email: row.email });

function isUniqueViolation(error: unknown): boolean {
  if (!isPlainObject(error)) return false;
  return error.code === '23505' || (isPlainObject(error.cause) && error.cause.code === '23505');
}

// Signing in with an unknown email still pays for one hash check, so timing does not tell
// which emails have an account.
let decoyHash: Promise<string> | undefined;
function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy password for unknown accounts');
  return decoyHash;
}

/** Queues the mail that proves `email` with the one-time `token`, in the caller's transaction. */
function queueVerificationMail(ctx: ServiceContext, email: string, token: string): Promise<void> {
  const link = linkTo(ctx, 'verify-email', token);
  return deliverMessage(ctx, { channel: 'email', message: composeVerificationMail(ctx.language, email, link, EMAIL_VERIFICATION_HOURS) });
}

export async function signUp(ctx: ServiceContext, input: { email: string; password: string }): Promise<string> {
  if (await findUserByEmail(dbOf(ctx), input.email)) throw badRequest('auth.errors.userAlreadyExists');
  const passwordHash = await hashPassword(input.password);
  const verification = issueOneTimeToken('mail', EMAIL_VERIFICATION_HOURS);
  let created: UserRow;
  try {
    created = await inTransaction(ctx, async (inner) => {
      const { tx } = inner;
      const row = await insertUser(tx, {
        email: input.email,
        passwordHash,
        emailVerificationTokenHash: verification.hash,
        emailVerificationExpiresAt: verification.expiresAt,
      });
      await auditUserChange(tx, 'create', null, row, actorOf(row));
      await queueVerificationMail(inner, row.email, verification.token);
      return row;
    });
  } catch (error) {
    // Two sign-ups with the same email racing: the unique index decides.
    if (isUniqueViolation(error)) throw badRequest('auth.errors.userAlreadyExists');
    throw error;
  }
  return ctx.deps.tokens.sign({ sub: created.id, tv: created.tokenVersion });
}

export async function signIn(ctx: ServiceContext, input: { email: string; password: string; rememberMe?: boolean }): Promise<string> {
  const row = await findUserByEmail(dbOf(ctx), input.email);
  const matches = await verifyPassword(row?.passwordHash ?? (await decoyPasswordHash()), input.password);
  if (!row?.passwordHash || !matches) throw badRequest('auth.errors.invalidCredentials');
  if (row.disabled) throw badRequest('auth.errors.userDisabled');
  return ctx.deps.tokens.sign({ sub: row.id, tv: row.tokenVersion }, input.rememberMe ?? false);
}

/** Ends the session of this token; the user's other sessions go on. */
export async function signOut(ctx: ServiceContext, token: VerifiedToken | null): Promise<true> {
  if (!token) throw unauthorized();
  await revokeToken(dbOf(ctx), token.jti, token.expiresAt);
  return true;
}

export async function sendVerificationEmail(ctx: ServiceContext): Promise<true> {
  const current = userOf(ctx);
  if (current.emailVerified) throw badRequest('auth.errors.emailAlreadyVerified');
  const verification = issueOneTimeToken('mail', EMAIL_VERIFICATION_HOURS);
  await inTransaction(ctx, async (inner) => {
    const { tx } = inner;
    await updateUser(tx, current.id, {
      emailVerificationTokenHash: verification.hash,
      emailVerificationExpiresAt: verification.expiresAt,
    });
    await writeAudit(tx, { entityName: 'user', entityId: current.id, action: 'emailVerificationRequest', by: actorOf(current) });
    await queueVerificationMail(inner, current.email, verification.token);
  });
  return true;
}

async function requireKnownEmail(ctx: ServiceContext, email: string): Promise<UserRow> {
  const row = await findUserByEmail(dbOf(ctx), email);
  if (!row) throw badRequest('auth.errors.emailNotRecognized');
  return row;
}

/** How a message of each method leaves: `sent` by SMTP or the SMS provider, or kept in the `outbox`. */
export type PasswordResetDelivery = Record<PasswordResetMethod, 'sent' | 'outbox'>;

/**
 * The same answer for every email, known or not, with a phone or not, so the call tells nobody
 * which accounts exist or can be texted; the reset request below mails the link to an account
 * without a phone that asked for SMS. `delivery` says honestly where each method's message goes
 * on this server (it depends on configuration only, never on the account).
 */
export function getPasswordResetMethods(ctx: ServiceContext): {
  methods: PasswordResetMethod[];
  delivery: PasswordResetDelivery;
} {
  const { mailer, sms } = ctx.deps;
  return {
    methods: ['email', 'sms'],
    delivery: { email: mailer.isConfigured ? 'sent' : 'outbox', sms: sms.isConfigured ? 'sent' : 'outbox' },
  };
}

/**
 * Spec 8.3 shows "Email not recognized" on the reset request, so an unknown email is still told
 * apart here (docs/security.md: the throttle bounds what this costs).
 */
export async function sendPasswordReset(ctx: ServiceContext, input: { email: string; method: PasswordResetMethod }): Promise<true> {
  const row = await requireKnownEmail(ctx, input.email);
  if (row.disabled) throw badRequest('auth.errors.userDisabled');
  const phoneNumber = input.method === 'sms' ? row.phoneNumber : null;
  const method: PasswordResetMethod = phoneNumber ? 'sms' : 'email';
  const reset = issueOneTimeToken(phoneNumber ? 'sms' : 'mail', PASSWORD_RESET_HOURS);
  await inTransaction(ctx, async (inner) => {
    const { tx } = inner;
    await updateUser(tx, row.id, { passwordResetTokenHash: reset.hash, passwordResetExpiresAt: reset.expiresAt });
    await writeAudit(tx, {
      entityName: 'user',
      entityId: row.id,
      action: 'passwordResetRequest',
      after: { method },
      by: actorOf(row),
    });
    const link = linkTo(ctx, 'password-reset', reset.token);
    await deliverMessage(
      inner,
      phoneNumber
        ? { channel: 'sms', message: composePasswordResetSms(ctx.language, phoneNumber, link, PASSWORD_RESET_HOURS) }
        : { channel: 'email', message: composePasswordResetMail(ctx.language, row.email, link, PASSWORD_RESET_HOURS) },
    );
  });
  return true;
}

/** Sets a new password from a reset (or invitation) link and signs the user in. */
export async function resetPassword(ctx: ServiceContext, input: { token: string; password: string }): Promise<string> {
  const passwordHash = await hashPassword(input.password);
  const updated = await inTransaction(ctx, async ({ tx }) => {
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

export async function verifyEmail(ctx: ServiceContext, token: string): Promise<true> {
  await inTransaction(ctx, async ({ tx }) => {
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
  alertDigest?: boolean;
  weeklySummary?: boolean;
};

/** A missing key keeps the stored value; full name follows first and last name. */
export async function updateProfile(ctx: ServiceContext, profile: ProfileInput): Promise<CurrentUserAnswer> {
  const current = userOf(ctx);
  return inTransaction(ctx, async (txCtx) => {
    const { tx } = txCtx;
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
      ...(profile.alertDigest !== undefined ? { alertDigest: profile.alertDigest } : {}),
      ...(profile.weeklySummary !== undefined ? { weeklySummary: profile.weeklySummary } : {}),
      // The dashboard's mails go out in the language the user last set their preferences in.
      ...(profile.alertDigest !== undefined || profile.weeklySummary !== undefined ? { language: ctx.language } : {}),
    });
    await auditUserChange(tx, 'update', before, after, actorOf(before));
    const reloaded = await loadCurrentUser(tx, current.id);
    if (!reloaded) throw unauthorized();
    return presentUser(txCtx, reloaded);
  });
}

/** Older tokens stop working (their token version is behind); the answer is a fresh one. */
export async function changePassword(ctx: ServiceContext, input: { oldPassword: string; newPassword: string }): Promise<string> {
  const current = userOf(ctx);
  const passwordHash = await hashPassword(input.newPassword);
  const updated = await inTransaction(ctx, async ({ tx }) => {
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
  return ctx.deps.tokens.sign({ sub: updated.id, tv: updated.tokenVersion });
}

function toIso(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

export type CurrentUserAnswer = Awaited<ReturnType<typeof presentUser>>;

/** GET /auth/me: the signed-in user as docs/api-contract.md "CurrentUser" describes it. */
export async function presentCurrentUser(ctx: ServiceContext): Promise<CurrentUserAnswer> {
  return presentUser(ctx, userOf(ctx));
}

async function presentUser(ctx: ServiceContext, current: CurrentUser) {
  return {
    id: current.id,
    email: current.email,
    firstName: current.firstName,
    lastName: current.lastName,
    fullName: current.fullName,
    phoneNumber: current.phoneNumber,
    avatars: fileRefsOf(current.avatars),
    emailVerified: current.emailVerified,
    disabled: current.disabled,
    roles: current.roles,
    permissions: current.permissions,
    allowedCompanies: await companyRefs(dbOf(ctx), current.allowedCompanyIds),
    alertDigest: current.alertDigest,
    weeklySummary: current.weeklySummary,
    useTemporaryToken: current.useTemporaryToken,
    createdAt: toIso(current.createdAt),
    updatedAt: toIso(current.updatedAt),
  };
}
