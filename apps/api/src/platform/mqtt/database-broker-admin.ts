import { hashPassword, hashRandomSecret, verifyPassword } from '../auth/passwords';
import type { Db } from '../db/client';
import { type BrokerAdmin, newMqttPassword } from './broker-admin';
import { findLiveCredential, replaceCredential, revokeCredentials } from './credential-repository';

/**
 * The embedded broker's admin: credentials live in terminal_credential (terminals' drawn passwords
 * as SHA-256, the bootstrap password, which an operator may choose, as argon2). Any API
 * process may call it; the process running the broker hears of a revocation through NOTIFY and
 * disconnects the client (embedded-broker.ts), and `onRevoked` lets this process do it directly.
 */
export function createDatabaseBrokerAdmin(options: { db: Db; onRevoked?: (username: string) => void }): BrokerAdmin {
  const { db } = options;
  return {
    kind: 'embedded',
    bootstrapReplyIsolation: 'own',
    async createTerminalCredentials({ lockerId, username = lockerId }) {
      const password = newMqttPassword();
      // Drawn here (newMqttPassword, 192 random bits): a fast hash, checked on every (re)connection.
      await replaceCredential(db, { username, passwordHash: hashRandomSecret(password), role: 'terminal', lockerId });
      options.onRevoked?.(username);
      return { username, password };
    },
    async revoke(username) {
      await revokeCredentials(db, username);
      options.onRevoked?.(username);
    },
    async ensureBootstrapUser({ username, password }) {
      // Unchanged credentials are left alone: replacing them would drop terminals enrolling right now.
      const live = await findLiveCredential(db, username);
      if (live?.role === 'bootstrap' && (await verifyPassword(live.passwordHash, password))) return;
      await replaceCredential(db, { username, passwordHash: await hashPassword(password), role: 'bootstrap', lockerId: null });
    },
  };
}
