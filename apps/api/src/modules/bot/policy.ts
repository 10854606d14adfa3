import { secretFieldsOf } from '@ebox/domain';
import { bot } from '@ebox/domain/entities/bot';
import type { EntityPolicy } from '../../platform/entity-rules';
import { encryptSecret } from '../../platform/secret-box';

/** The bot's write-only secrets: its access token, app secret and verify token. */
export const BOT_SECRET_FIELDS = secretFieldsOf(bot.fields);

/**
 * A bot's secrets are encrypted before they are written (platform/secret-box.ts) and never read
 * back by the kit (no revealSecrets: every answer carries them as null). An edit that leaves a
 * secret empty keeps the stored one: the form cannot show what it would have to send back.
 */
export const botPolicy: EntityPolicy = {
  beforeWrite(ctx, { before, data }) {
    for (const name of BOT_SECRET_FIELDS) {
      if (!(name in data)) continue;
      const value = data[name];
      if (value === null || value === undefined || value === '') {
        if (before) delete data[name];
        continue;
      }
      data[name] = encryptSecret(ctx.deps.config.secretsKey, String(value));
    }
  },
};
