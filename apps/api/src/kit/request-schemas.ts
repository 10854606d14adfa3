import { EXPORT_FORMATS, isTimeZone, plainTextSchema } from '@ebox/domain';
import { z } from 'zod';
import { listQuerySchema } from './list-query';

/**
 * Request shapes the kit's routes and IAM share. Free text goes through the domain's
 * plainTextSchema, so a value PostgreSQL cannot store (a NUL) is a 400 here, not a failed query.
 */

export const dataBody = z.object({ data: z.record(z.string(), z.unknown()) });

export const importBody = z.object({ data: z.record(z.string(), z.unknown()), importHash: plainTextSchema.max(200).optional() });

export const autocompleteQuery = z.object({
  query: plainTextSchema.max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  /** Narrows the choices as the list's filters do (a unit picker asks for one company's units). */
  filter: z.record(z.string(), plainTextSchema.max(200)).optional(),
});

export const exportQuery = listQuerySchema.extend({
  fields: z.union([z.array(plainTextSchema), plainTextSchema]).optional(),
  /** xlsx (the default) or csv: see kit/export-formats.ts. */
  format: z.enum(EXPORT_FORMATS).optional(),
  timezone: plainTextSchema
    .max(100)
    .superRefine((value, ctx) => {
      if (!isTimeZone(value)) ctx.addIssue({ code: 'custom', message: 'errors.invalidTimezone', params: { value } });
    })
    .optional(),
});
