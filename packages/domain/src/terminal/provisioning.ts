import { z } from 'zod';
import { describeOrigin, envelopeShape } from './envelope';
import { isSafeTopicLevel } from './topics';

/**
 * Enrolment (Open-Locker's): a device holding a one-time token connects as that token's own
 * one-time bootstrap user, with the client id made for it, subscribes to `locker/provisioning/reply/{client_id}` and publishes this request on
 * `locker/register/{token}`. The console answers there with the locker's own credentials (user =
 * the locker UUID) or an error for an unknown, used or expired token.
 */
export const provisioningRequestSchema = z
  .looseObject({
    ...envelopeShape,
    client_id: z.string().refine(isSafeTopicLevel, 'client_id must be one MQTT topic level: non-empty, without /, + or #'),
  })
  .meta(describeOrigin('open-locker', 'Registration request'));
export type ProvisioningRequest = z.infer<typeof provisioningRequestSchema>;

export const provisioningSuccessReplySchema = z
  .looseObject({
    ...envelopeShape,
    status: z.literal('success'),
    message: z.string().optional(),
    data: z.looseObject({
      /** The locker's UUID: its MQTT user name and its topics' namespace. */
      mqtt_user: z.string().min(1, 'mqtt_user must be a non-empty string'),
      mqtt_password: z.string().min(1, 'mqtt_password must be a non-empty string'),
    }),
  })
  .meta(describeOrigin('open-locker', 'Registration accepted', "The locker's own MQTT credentials; the device reconnects with them."));

export const provisioningErrorReplySchema = z
  .looseObject({
    ...envelopeShape,
    status: z.literal('error'),
    message: z.string().min(1, 'message must be a non-empty string'),
  })
  .meta(describeOrigin('open-locker', 'Registration refused', 'The token is unknown, already used or expired.'));

export const provisioningReplySchema = z.discriminatedUnion('status', [provisioningSuccessReplySchema, provisioningErrorReplySchema]);
export type ProvisioningReply = z.infer<typeof provisioningReplySchema>;
