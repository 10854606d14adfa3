import { createHash } from 'node:crypto';
import { hashRandomSecret } from '../auth/passwords';
import type { Db } from '../db/client';
import { type BrokerAdmin, newMqttPassword } from './broker-admin';
import { replaceCredential, revokeCredentials } from './credential-repository';

/**
 * The embedded broker's admin: credentials live in terminal_credential (terminals' and one-time
 * enrolment users' drawn passwords as SHA-256; an enrolment user's token only as its hash). Any API
 * process may call it; the process running the broker hears of a revocation through NOTIFY and
 * disconnects the client (embedded-broker.ts), and `onRevoked` lets this process do it directly.
 */
export function createDatabaseBrokerAdmin(options: { db: Db; onRevoked?: (username: string) => void }): BrokerAdmin {
  const { db } = options;
  return {
    kind: 'embedded',
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
    async createEnrolmentUser({ username, password, clientId, token, expiresAt }) {
      await replaceCredential(db, {
        username,
        passwordHash: hashRandomSecret(password),
        role: 'bootstrap',
        lockerId: null,
        clientId,
        registerTokenHash: createHash('sha256').update(token).digest('hex'),
        expiresAt: expiresAt.toISOString(),
      });
    },
    async removeEnrolmentUser(username) {
      await revokeCredentials(db, username);
      options.onRevoked?.(username);
    },
    async retireSharedBootstrapUser(username) {
      if ((await revokeCredentials(db, username)) > 0) options.onRevoked?.(username);
    },
  };
}
