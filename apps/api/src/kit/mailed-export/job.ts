import { EXPORT_FORMATS, LANGUAGES } from '@ebox/domain';
import { z } from 'zod';

/**
 * What a mailed export's job carries (each entity defines its own job with it: its name, actor and
 * handler). The payload names the user, not their rights: the job reads as that user as they are
 * when it runs (a revoked permission or company stops it).
 */
export const mailedExportPayload = z.object({
  userId: z.uuid(),
  language: z.enum(LANGUAGES),
  filter: z.record(z.string(), z.unknown()),
  orderBy: z.string().optional(),
  timeZone: z.string(),
  format: z.enum(EXPORT_FORMATS).optional(),
  /** The columns chosen (checked when asked); all the entity's export columns when none. */
  fields: z.array(z.string()).optional(),
  /** The period as asked (ISO), for the mail's words (the order's). */
  period: z.object({ from: z.string(), to: z.string() }).optional(),
});

export type MailedExportPayload = z.output<typeof mailedExportPayload>;
