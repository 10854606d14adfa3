import { secretFieldsOf } from '@ebox/domain';
import { bot } from '@ebox/domain/entities/bot';
import type { EntityPolicy } from '../../platform/entity-rules';
import { sealSecretFields } from '../../platform/secret-box';

/** The bot's write-only secrets: its access token, app secret and verify token. */
export const BOT_SECRET_FIELDS = secretFieldsOf(bot.fields);

/**
 * A bot's secrets are encrypted before they are written (platform/secret-box.ts) and never read
 * back by the kit (no revealSecrets: every answer carries them as null); an empty one in an edit
 * keeps the stored one.
 */
export const botPolicy: EntityPolicy = {
  beforeWrite(ctx, change) {
    sealSecretFields(ctx.deps.config.secretsKey, bot.fields, change);
  },
};
