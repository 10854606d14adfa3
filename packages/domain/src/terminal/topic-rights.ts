import { isLockerUuid, isSafeTopicLevel } from './topics';

/**
 * Who may publish and subscribe where on the broker, declared once for the embedded broker
 * (aedes' authorizePublish / authorizeSubscribe) and for an external Mosquitto's dynamic-security
 * roles. Anything not listed is refused.
 *
 * - terminal: a locker, connected with user name = its UUID; only its own `locker/{uuid}/…` topics.
 * - bootstrap: a one-time enrolment user made for one token (createToken); registers with that
 *   token only and reads only the reply addressed to its own MQTT client id, so one device cannot
 *   read another's credentials nor use another's token.
 * - console: the API itself (every replica); commands to any locker, replies to any enrolment,
 *   and everything terminals publish, with MQTT 5 shared subscriptions so each event is handled once.
 */
export const BROKER_ROLES = ['terminal', 'bootstrap', 'console'] as const;
export type BrokerRole = (typeof BROKER_ROLES)[number];
export type TopicAccess = 'publish' | 'subscribe';

/** Rule topics are MQTT filters; {username}, {clientId} and {token} stand for the connected client's own. */
export const TOPIC_RIGHTS = {
  terminal: {
    publish: [
      'locker/{username}/response',
      'locker/{username}/event',
      'locker/{username}/state/heartbeat',
      'locker/{username}/state/compartments',
      // The last will: the broker checks it against the terminal's rights when it connects.
      'locker/{username}/state/connection',
    ],
    subscribe: ['locker/{username}/command'],
  },
  bootstrap: {
    publish: ['locker/register/{token}'],
    subscribe: ['locker/provisioning/reply/{clientId}'],
  },
  console: {
    publish: ['locker/+/command', 'locker/provisioning/reply/+'],
    subscribe: [
      'locker/+/response',
      'locker/+/event',
      'locker/+/state/heartbeat',
      'locker/+/state/compartments',
      'locker/+/state/connection',
      'locker/register/+',
    ],
  },
} as const satisfies Record<BrokerRole, Record<TopicAccess, readonly string[]>>;

/**
 * Who a client is to its role's rules: a terminal by its user name, a one-time enrolment user by
 * its client id and its token. A token left out (a broker that keeps only the token's hash and
 * checks the register topic itself) leaves out the rules that name it.
 */
export type TopicIdentity = string | { clientId: string; token?: string };

/**
 * The identity a role's rules are written for: a terminal's user name must be a locker UUID,
 * a bootstrap client id (and token) one safe topic level (no '/', '+', '#'), else nothing is allowed.
 */
function identityLevels(role: BrokerRole, identity: TopicIdentity): { own: string; token?: string } | null {
  const own = typeof identity === 'string' ? identity : identity.clientId;
  const token = typeof identity === 'string' ? undefined : identity.token;
  if (role === 'terminal') return isLockerUuid(own) ? { own } : null;
  if (role === 'bootstrap') {
    if (!isSafeTopicLevel(own)) return null;
    return token !== undefined && isSafeTopicLevel(token) ? { own, token } : { own };
  }
  return { own };
}

/** The rules of a role with the client's own identity filled in; empty for an invalid identity. */
export function listTopicRights(role: BrokerRole, identity: TopicIdentity): Record<TopicAccess, string[]> {
  const levels = identityLevels(role, identity);
  if (!levels) return { publish: [], subscribe: [] };
  const { own, token } = levels;
  const fill = (rules: readonly string[]) =>
    rules
      .filter((rule) => token !== undefined || !rule.includes('{token}'))
      .map((rule) =>
        rule
          .replace('{username}', own)
          .replace('{clientId}', own)
          .replace('{token}', token ?? ''),
      );
  return { publish: fill(TOPIC_RIGHTS[role].publish), subscribe: fill(TOPIC_RIGHTS[role].subscribe) };
}

/** Whether `filter` (which may hold + and #) only ever matches topics that `rule` matches. */
function isFilterCoveredBy(rule: string, filter: string): boolean {
  const r = rule.split('/');
  const f = filter.split('/');
  for (let i = 0; i < r.length; i++) {
    if (r[i] === '#') return true;
    if (i >= f.length || f[i] === '#') return false;
    if (r[i] === '+') continue;
    if (r[i] !== f[i]) return false;
  }
  return r.length === f.length;
}

function isWellFormedFilter(filter: string): boolean {
  if (filter.length === 0 || filter.includes('\u0000')) return false;
  const levels = filter.split('/');
  return levels.every((level, i) =>
    level.includes('#') ? level === '#' && i === levels.length - 1 : !level.includes('+') || level === '+',
  );
}

/**
 * Whether a client of `role`, connected as `identity` (user name for a terminal, MQTT client id
 * for the bootstrap user, ignored for the console), may publish on `topic` or subscribe to the
 * filter `topic`. A published topic must be concrete; a subscription is allowed only if every
 * topic it could match is allowed, so `locker/+/command` is refused to a terminal. The console
 * may wrap a subscription as `$share/{group}/{filter}`.
 */
export function isTopicAllowed(role: BrokerRole, identity: TopicIdentity, topic: string, access: TopicAccess): boolean {
  const rules = listTopicRights(role, identity)[access];
  let target = topic;
  if (access === 'subscribe' && role === 'console' && target.startsWith('$share/')) {
    const [, group, ...rest] = target.split('/');
    if (!group || !isSafeTopicLevel(group) || rest.length === 0) return false;
    target = rest.join('/');
  }
  if (!isWellFormedFilter(target)) return false;
  if (access === 'publish' && /[+#]/.test(target)) return false;
  return rules.some((rule) => isFilterCoveredBy(rule, target));
}

/** A Mosquitto dynamic-security ACL entry (see its createRole / addRoleACL commands). */
export interface MosquittoAcl {
  acltype: 'publishClientSend' | 'subscribePattern';
  topic: string;
  priority: number;
  allow: boolean;
}

/**
 * A role's rules as Mosquitto dynamic-security ACLs. Without `identity`, {username} → %u and
 * {clientId} → %c, so one role serves every client of that kind; with it, the rules name that one
 * client (listTopicRights), for a broker that does not substitute those in a role per client.
 * Mosquitto has no substitution for a token, so rules naming {token} need the identity.
 */
export function toMosquittoAcls(role: BrokerRole, identity?: TopicIdentity): MosquittoAcl[] {
  const pattern = (rules: readonly string[]) =>
    rules.filter((rule) => !rule.includes('{token}')).map((rule) => rule.replace('{username}', '%u').replace('{clientId}', '%c'));
  const rights: Record<TopicAccess, readonly string[]> =
    identity === undefined
      ? { publish: pattern(TOPIC_RIGHTS[role].publish), subscribe: pattern(TOPIC_RIGHTS[role].subscribe) }
      : listTopicRights(role, identity);
  return [
    ...rights.publish.map((topic) => ({ acltype: 'publishClientSend' as const, topic, priority: 0, allow: true })),
    ...rights.subscribe.map((topic) => ({ acltype: 'subscribePattern' as const, topic, priority: 0, allow: true })),
  ];
}
