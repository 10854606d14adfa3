import { z } from 'zod';
import { PERMISSIONS } from './permissions';

/**
 * The answer of GET /auth/me (and PUT /auth/profile): one schema gives the API its response
 * validation and OpenAPI, and the console its type.
 */
export const fileRefSchema = z.object({
  id: z.string().optional(),
  name: z.string(),
  sizeInBytes: z.number().optional(),
  publicUrl: z.string(),
});

export const refSchema = z.object({ id: z.string(), label: z.string() });

export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  avatars: z.array(fileRefSchema),
  emailVerified: z.boolean(),
  disabled: z.boolean(),
  roles: z.array(z.object({ id: z.string(), name: z.string() })),
  permissions: z.array(z.enum(PERMISSIONS)),
  allowedCompanies: z.array(refSchema),
  /** The dashboard's mails the user asked for: the daily alert digest, the weekly summary. */
  alertDigest: z.boolean(),
  weeklySummary: z.boolean(),
  /** Spec 3: the console keeps this user's session in memory only, never in the browser's storage. */
  useTemporaryToken: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type CurrentUserAnswer = z.infer<typeof currentUserSchema>;
