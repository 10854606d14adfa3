import { isTopicAllowed } from '@ebox/domain';
/**
 * Who may publish and subscribe where on the terminal link. The broker layer asks only this
 * function, which applies the domain's `isTopicAllowed`:
 *
 * - the API's own service user: everything;
 * - the shared bootstrap user (Open-Locker enrolment): publish on `locker/register/{token}`, and
 *   subscribe to its own reply `locker/provisioning/reply/{client id}` only, so it reads no one
 *   else's credentials;
 * - a terminal, whose user name is its locker's UUID: its own `locker/{uuid}/…` topics only; it
 *   publishes what a device sends (response, event, state/…) and not on its own command topic,
 *   which is the console's.
 */

export type MqttRole = 'terminal' | 'bootstrap' | 'service';

/** The identity a connection authenticated as. */
export type MqttPrincipal = { role: MqttRole; username: string; clientId: string };

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
  const identity = principal.role === 'bootstrap' ? principal.clientId : principal.username;
  return isTopicAllowed(principal.role, identity, topic, action);
};

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
  const match = /^\$share\/([^/#+]+)\/(.+)$/.exec(filter);
  return match ? { group: match[1] as string, filter: match[2] as string } : null;
}
