import type { TxContext } from '../../platform/context';
import { findSigningSecrets, replaceWebhookSecret } from './repository';
import { createWebhookSecret } from './signature';

/**
 * A new signing secret, answered once (the create's answer, the rotation's): the previous one keeps
 * signing for `overlapSeconds` so receivers can switch without losing a delivery.
 */
export async function rotateWebhookSecret(
  ctx: TxContext,
  webhookId: string,
  overlapSeconds: number,
): Promise<{ secret: string; previousValidUntil: string | null }> {
  const secret = createWebhookSecret();
  const overlapUntil = overlapSeconds > 0 ? new Date(Date.now() + overlapSeconds * 1_000) : null;
  await replaceWebhookSecret(ctx.tx, webhookId, secret, overlapUntil);
  return { secret, previousValidUntil: overlapUntil?.toISOString() ?? null };
}

/** The webhook's signing secrets; one made now for a webhook that has none (created before secrets existed). */
export async function signingSecretsOf(ctx: TxContext, webhookId: string): Promise<string[]> {
  const secrets = await findSigningSecrets(ctx.tx, webhookId);
  if (secrets.length) return secrets;
  const secret = createWebhookSecret();
  await replaceWebhookSecret(ctx.tx, webhookId, secret, null);
  return [secret];
}
