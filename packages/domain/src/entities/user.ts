import { z } from 'zod';
import { EMAIL_PATTERN } from '../kit/email';
import { defineEntity } from '../kit/entity';
import type { FileRef } from '../kit/field';
import { fieldSchema } from '../kit/schema';

/**
 * Spec 3: a user's status is derived from `disabled`; issue 8 adds `invited`, an enabled user who
 * has not set a password yet (the invitation is still pending).
 */
export const USER_STATUSES = ['enabled', 'disabled', 'invited'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * The user as IAM shows it (spec 3, 5.3). Not part of ENTITIES: its table is the platform's `user`
 * table and its API is /iam (spec 7.2), but lists, forms, filters and the importer read it like any
 * declaration.
 */
export const userEntity = defineEntity({
  name: 'user',
  path: 'iam',
  table: 'user',
  labelField: 'email',
  naturalKey: ['email'],
  permissionPrefix: 'iam',
  scope: { kind: 'none' },
  fields: {
    email: { type: 'text', required: true, max: 255, email: true, unique: true },
    /** Spec 3: an optional sign-in name, unique whatever its case (409 `iam.errors.usernameTaken`). */
    username: { type: 'text', max: 100, unique: true },
    firstName: { type: 'text', max: 80 },
    lastName: { type: 'text', max: 175 },
    /** First and last name joined by the server. */
    fullName: { type: 'text', readOnly: true },
    /** A mobile (it receives the password reset by SMS), stored as digits with the country code, like a customer's cellphone. */
    phoneNumber: { type: 'text', max: 24, phone: 'mobile' },
    avatars: { type: 'files', image: true, max: 1 },
    roles: { type: 'relation', entity: 'role', multiple: true, required: true },
    allowedCompanies: { type: 'relation', entity: 'company', multiple: true },
    /** Spec 3: the user's own company, besides the allowed ones; a limited caller picks one they see. */
    company: { type: 'relation', entity: 'company' },
    /** Spec 3: the identifier an external sign-in gave this user; shown, never written through the forms or the import. */
    authenticationUid: { type: 'text', max: 255, readOnly: true },
    /** Spec 3: the console keeps this user's session in memory only (a reload signs them out), never in the browser's storage. */
    useTemporaryToken: { type: 'boolean' },
    /** Changed through the enable/disable actions (PUT /iam/status), not the form. */
    disabled: { type: 'boolean', hideInForm: true },
    status: { type: 'enum', options: USER_STATUSES, readOnly: true },
    emailVerified: { type: 'boolean', readOnly: true },
  },
  listColumns: ['email', 'username', 'fullName', 'phoneNumber', 'roles', 'status', 'createdAt'],
  filters: ['email', 'username', 'fullName', 'roles', 'company', 'status'],
  importColumns: ['email', 'username', 'firstName', 'lastName', 'phoneNumber', 'roles', 'company', 'useTemporaryToken'],
  exportColumns: [
    'id',
    'email',
    'username',
    'fullName',
    'firstName',
    'lastName',
    'phoneNumber',
    'roles',
    'company',
    'authenticationUid',
    'useTemporaryToken',
    'status',
    'emailVerified',
    'createdAt',
  ],
  defaultOrderBy: 'createdAt_DESC',
});

const EMAIL = EMAIL_PATTERN;

export function isValidEmail(value: string): boolean {
  return EMAIL.test(value);
}

/** One email address (sign-in, sign-up, password reset): trimmed, lower case, at most 255, valid. */
export const emailSchema = z
  .string('validation.mixed.required')
  .trim()
  .toLowerCase()
  .min(1, 'validation.mixed.required')
  .max(255, 'validation.string.max')
  .regex(EMAIL, 'validation.string.email');

/**
 * Spec 5.3: a list of emails, given as an array or as one comma-separated string; each one must be
 * valid ('Email {value} is invalid') and at most 255 characters.
 */
export const emailListSchema = z.preprocess(
  (value) => {
    const list = typeof value === 'string' ? value.split(',') : value;
    if (!Array.isArray(list)) return list;
    return list.map((item) => (typeof item === 'string' ? item.trim().toLowerCase() : item)).filter((item) => item !== '');
  },
  z
    .array(z.string('validation.mixed.invalid'), 'validation.mixed.required')
    .min(1, 'validation.mixed.required')
    .superRefine((emails, ctx) => {
      emails.forEach((email, index) => {
        if (email.length > 255) ctx.addIssue({ code: 'custom', message: 'validation.string.max', params: { max: 255 }, path: [index] });
        else if (!EMAIL.test(email))
          ctx.addIssue({ code: 'custom', message: 'validation.email.invalidInList', params: { value: email }, path: [index] });
      });
    }),
);

const fields = userEntity.fields;
// The declaration's field schemas, typed with what they yield.
const textOf = (field: (typeof fields)['firstName' | 'lastName' | 'phoneNumber' | 'username']) =>
  fieldSchema(field) as z.ZodType<string | null>;
const companySchema = fieldSchema(fields.company) as z.ZodType<string | null>;
const temporaryTokenSchema = fieldSchema(fields.useTemporaryToken) as z.ZodType<boolean | null>;
const idsOf = (field: (typeof fields)['roles' | 'allowedCompanies']) => fieldSchema(field) as z.ZodType<string[]>;
const avatarsSchema = fieldSchema(fields.avatars) as z.ZodType<FileRef[]>;
const rolesSchema = idsOf(fields.roles).refine((roles) => roles.length > 0, 'validation.array.required');

/** PUT /auth/profile: what a user may change about themself. */
export const profileSchema = z.object({
  firstName: textOf(fields.firstName).optional(),
  lastName: textOf(fields.lastName).optional(),
  phoneNumber: textOf(fields.phoneNumber).optional(),
  avatars: avatarsSchema.optional(),
  /** The dashboard's mails (issue 28): the daily alert digest at 07:00 and the weekly summary. */
  alertDigest: z.boolean().optional(),
  weeklySummary: z.boolean().optional(),
});

/** POST /iam: invite users by email with roles (and optionally limit them to companies). */
export const userInviteSchema = z.object({
  emails: emailListSchema,
  roles: rolesSchema,
  allowedCompanies: idsOf(fields.allowedCompanies).optional(),
  company: companySchema.optional(),
  useTemporaryToken: temporaryTokenSchema.optional(),
});

/** PUT /iam: an administrator edits a user. */
export const userEditSchema = z.object({
  id: z.uuid('validation.mixed.invalid'),
  firstName: textOf(fields.firstName).optional(),
  lastName: textOf(fields.lastName).optional(),
  phoneNumber: textOf(fields.phoneNumber).optional(),
  avatars: avatarsSchema.optional(),
  roles: rolesSchema,
  allowedCompanies: idsOf(fields.allowedCompanies).optional(),
  username: textOf(fields.username).optional(),
  company: companySchema.optional(),
  useTemporaryToken: temporaryTokenSchema.optional(),
});

/** Spec 3: full name is first and last name joined; null when both are empty. */
export function fullNameOf(firstName?: string | null, lastName?: string | null): string | null {
  return [firstName, lastName].filter((part) => part?.trim()).join(' ') || null;
}
