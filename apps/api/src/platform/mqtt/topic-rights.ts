/**
 * Who may publish and subscribe where on the terminal link. The broker layer asks only this
 * function, so the domain's own rule (packages/domain/src/terminal `isTopicAllowed`) can replace
 * `defaultTopicRights` without touching the brokers: pass it as `topicRights` to startMqttLink.
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

/** What a terminal may publish under its own `locker/{uuid}/`: everything a device sends. */
const TERMINAL_PUBLISH = [/^response$/, /^event$/, /^state\/[^/#+]+$/];

export const defaultTopicRights: TopicRights = (principal, action, topic) => {
  if (principal.role === 'service') return true;
  if (!topic || topic.startsWith('$')) return false;
  if (principal.role === 'bootstrap') {
    if (action === 'publish') return isSingleLevelUnder(topic, REGISTER_TOPIC_PREFIX);
    return topic === `${PROVISIONING_REPLY_PREFIX}${principal.clientId}` && !hasWildcard(principal.clientId);
  }
  // A user name holding a wildcard or a slash could widen `locker/{uuid}/` into someone else's topics.
  if (principal.role !== 'terminal' || !isPlainLevel(principal.username)) return false;
  const own = `locker/${principal.username}/`;
  if (!topic.startsWith(own)) return false;
  const rest = topic.slice(own.length);
  if (action === 'subscribe') return rest.length > 0;
  return !hasWildcard(rest) && TERMINAL_PUBLISH.some((pattern) => pattern.test(rest));
};

function isSingleLevelUnder(topic: string, prefix: string): boolean {
  return topic.startsWith(prefix) && isPlainLevel(topic.slice(prefix.length));
}

function isPlainLevel(level: string): boolean {
  return level.length > 0 && !level.includes('/') && !hasWildcard(level);
}

function hasWildcard(text: string): boolean {
  return text.includes('+') || text.includes('#');
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
  const match = /^\$share\/([^/#+]+)\/(.+)$/.exec(filter);
  return match ? { group: match[1] as string, filter: match[2] as string } : null;
}
