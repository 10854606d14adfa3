import { THEMES, type Theme } from '@ebox/domain';
import { auditByOf, writeAudit } from '../../platform/audit';
import { authorize, dbOf, inTransaction, principalOf, type ServiceContext } from '../../platform/context';
import { unauthorized } from '../../platform/errors';
import { findSettings, type SettingsRow, saveSettings } from './repository';

export type Settings = { theme: Theme };

function present(row: SettingsRow | null): Settings {
  const theme = THEMES.find((known) => known === row?.theme) ?? 'default';
  return { theme };
}

/** Every console loads the settings at start: any actor but an anonymous one may read them. */
export async function getSettings(ctx: ServiceContext): Promise<Settings> {
  if (ctx.actor.kind === 'anonymous') throw unauthorized();
  return present(await findSettings(dbOf(ctx)));
}

export async function updateSettings(ctx: ServiceContext, input: Settings): Promise<Settings> {
  authorize(ctx, 'settingsEdit');
  return inTransaction(ctx, async ({ tx, actor }) => {
    const before = present(await findSettings(tx, true));
    const after = present(await saveSettings(tx, input));
    await writeAudit(tx, {
      entityName: 'settings',
      entityId: 'default',
      action: 'update',
      before,
      after,
      by: auditByOf(principalOf(actor)),
    });
    return after;
  });
}
