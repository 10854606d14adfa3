import { createHash } from 'node:crypto';
import { isTopicAllowed } from '@ebox/domain';
/**
 * Who may publish and subscribe where on the terminal link. The broker layer asks only this
 * function, which applies the domain's `isTopicAllowed`:
 *
 * - the API's own service user: everything;
 * - a one-time enrolment user (role `bootstrap`, one per createToken): publish on
 *   `locker/register/{its token}` only, and subscribe to its own reply
 *   `locker/provisioning/reply/{client id}` only, so it reads no one else's credentials;
 * - a terminal, whose user name is its locker's UUID: its own `locker/{uuid}/…` topics only; it
 *   publishes what a device sends (response, event, state/…) and not on its own command topic,
 *   which is the console's.
 */

export const MQTT_ROLES = ['terminal', 'bootstrap', 'service'] as const;
export type MqttRole = (typeof MQTT_ROLES)[number];

export function isMqttRole(value: string): value is MqttRole {
  return MQTT_ROLES.some((role) => role === value);
}

/**
 * The identity a connection authenticated as. A one-time enrolment user carries the SHA-256 of
 * the token it was made for: the store keeps no token, so its register topic is known by hash.
 */
export type MqttPrincipal = { role: MqttRole; username: string; clientId: string; registerTokenHash?: string | null };

export type TopicAction = 'publish' | 'subscribe';

export type TopicRights = (principal: MqttPrincipal, action: TopicAction, topic: string) => boolean;

/** Open-Locker's enrolment topics. */
export const REGISTER_TOPIC_PREFIX = 'locker/register/';
export const PROVISIONING_REPLY_PREFIX = 'locker/provisioning/reply/';

/**
 * The domain's rule (packages/domain/src/terminal/topic-rights.ts), declared once for every broker:
 * the API's service user is the contract's console; a terminal is known by its user name (its
 * locker's UUID), the bootstrap user by its client id (its reply topic).
 */
export const defaultTopicRights: TopicRights = (principal, action, topic) => {
  if (principal.role === 'service') return true;
  if (!topic || topic.startsWith('$')) return false;
  if (principal.role !== 'bootstrap') return isTopicAllowed(principal.role, principal.username, topic, action);
  // The topic's last level is its own token when their hashes agree; any other level names no token.
  const level = topic.startsWith(REGISTER_TOPIC_PREFIX) ? topic.slice(REGISTER_TOPIC_PREFIX.length) : null;
  const token = level !== null && principal.registerTokenHash != null && sha256(level) === principal.registerTokenHash ? level : undefined;
  return isTopicAllowed('bootstrap', { clientId: principal.clientId, token }, topic, action);
};

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** MQTT topic filter matching (`+` one level, `#` the rest); `$` topics only match filters that name them. */
export function topicMatches(filter: string, topic: string): boolean {
  if (topic.startsWith('$') && !filter.startsWith('$')) return false;
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i += 1) {
    if (f[i] === '#') return true;
    if (i >= t.length) return false;
    if (f[i] !== '+' && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
}

/** `$share/{group}/{filter}` split into its group and filter; null for an ordinary filter. */
export function parseSharedFilter(filter: string): { group: string; filter: string } | null {
  const [, group, rest] = /^\$share\/([^/#+]+)\/(.+)$/.exec(filter) ?? [];
  return group && rest ? { group, filter: rest } : null;
}
