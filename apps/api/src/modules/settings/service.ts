import { THEMES, type Theme } from '@ebox/domain';
import { writeAudit } from '../../platform/audit';
import type { CurrentUser } from '../../platform/auth/current-user';
import type { Db } from '../../platform/db/client';
import { findSettings, type SettingsRow, saveSettings } from './repository';

export type Settings = { theme: Theme };

function present(row: SettingsRow | null): Settings {
  const theme = (THEMES as readonly string[]).includes(row?.theme ?? '') ? (row?.theme as Theme) : 'default';
  return { theme };
}

export async function getSettings(db: Db): Promise<Settings> {
  return present(await findSettings(db));
}

export async function updateSettings(db: Db, by: CurrentUser, input: Settings): Promise<Settings> {
  return db.transaction(async (tx) => {
    const before = present(await findSettings(tx, true));
    const after = present(await saveSettings(tx, input));
    await writeAudit(tx, { entityName: 'settings', entityId: 'default', action: 'update', before, after, by });
    return after;
  });
}
