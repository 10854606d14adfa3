import { describe, expect, it } from 'vitest';
import {
  buildChannelFilter,
  isTopicAllowed,
  listTopicRights,
  TERMINAL_CHANNELS,
  terminalContract,
  terminalTopics,
  toMosquittoAcls,
} from '../src/terminal/index';

const MINE = '5f0c7a8e-3d2b-4c1a-9e6f-1b2c3d4e5f60';
const OTHER = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('what a terminal may do on the broker (user name = its locker UUID)', () => {
  it('publishes its answers, events, heartbeats, snapshots and last will on its own topics', () => {
    for (const topic of [
      terminalTopics.response(MINE),
      terminalTopics.event(MINE),
      terminalTopics.heartbeat(MINE),
      terminalTopics.compartments(MINE),
      terminalTopics.connection(MINE),
    ])
      expect(isTopicAllowed('terminal', MINE, topic, 'publish'), topic).toBe(true);
    expect(isTopicAllowed('terminal', MINE, terminalTopics.command(MINE), 'subscribe')).toBe(true);
  });

  it("cannot publish or listen on another locker's topics, nor send itself commands", () => {
    expect(isTopicAllowed('terminal', MINE, terminalTopics.heartbeat(OTHER), 'publish')).toBe(false);
    expect(isTopicAllowed('terminal', MINE, terminalTopics.compartments(OTHER), 'publish')).toBe(false);
    expect(isTopicAllowed('terminal', MINE, terminalTopics.command(OTHER), 'subscribe')).toBe(false);
    expect(isTopicAllowed('terminal', MINE, terminalTopics.command(MINE), 'publish')).toBe(false);
    expect(isTopicAllowed('terminal', MINE, terminalTopics.response(MINE), 'subscribe')).toBe(false);
  });

  it('cannot widen a subscription with wildcards nor publish on one', () => {
    for (const filter of ['locker/+/command', 'locker/#', '#', `locker/${MINE}/#`, `locker/${MINE}/+`, '$share/g/locker/+/command'])
      expect(isTopicAllowed('terminal', MINE, filter, 'subscribe'), filter).toBe(false);
    expect(isTopicAllowed('terminal', MINE, `locker/${MINE}/state/+`, 'publish')).toBe(false);
  });

  it('gets no rights at all with a user name that is not a locker UUID', () => {
    for (const name of ['+', '#', 'locker', `${MINE}/command`, ''])
      expect(isTopicAllowed('terminal', name, `locker/${name}/command`, 'subscribe'), name).toBe(false);
    expect(listTopicRights('terminal', '+')).toEqual({ publish: [], subscribe: [] });
  });

  it('cannot enrol again nor read enrolment replies', () => {
    expect(isTopicAllowed('terminal', MINE, terminalTopics.register('tok'), 'publish')).toBe(false);
    expect(isTopicAllowed('terminal', MINE, terminalTopics.provisioningReply(MINE), 'subscribe')).toBe(false);
  });
});

const A = { clientId: 'client-a', token: 'token-a' };

describe('what a one-time enrolment user may do (identity = its MQTT client id and its token)', () => {
  it('registers with its own token only and reads only the reply to its own client id', () => {
    expect(isTopicAllowed('bootstrap', A, terminalTopics.register('token-a'), 'publish')).toBe(true);
    expect(isTopicAllowed('bootstrap', A, terminalTopics.register('token-b'), 'publish')).toBe(false);
    // Without its token (a broker that keeps only the hash) it registers nowhere by these rules.
    expect(isTopicAllowed('bootstrap', 'client-a', terminalTopics.register('token-a'), 'publish')).toBe(false);
    expect(isTopicAllowed('bootstrap', A, terminalTopics.provisioningReply('client-a'), 'subscribe')).toBe(true);
    expect(isTopicAllowed('bootstrap', 'client-a', terminalTopics.provisioningReply('client-b'), 'subscribe')).toBe(false);
    expect(isTopicAllowed('bootstrap', 'client-a', 'locker/provisioning/reply/+', 'subscribe')).toBe(false);
    expect(isTopicAllowed('bootstrap', 'client-a', 'locker/provisioning/reply/#', 'subscribe')).toBe(false);
  });

  it('can do nothing else', () => {
    expect(isTopicAllowed('bootstrap', 'client-a', 'locker/register/+', 'publish')).toBe(false);
    expect(isTopicAllowed('bootstrap', 'client-a', 'locker/register/a/b', 'publish')).toBe(false);
    expect(isTopicAllowed('bootstrap', 'client-a', 'locker/register/+', 'subscribe')).toBe(false);
    expect(isTopicAllowed('bootstrap', 'client-a', terminalTopics.provisioningReply('client-a'), 'publish')).toBe(false);
    for (const channel of TERMINAL_CHANNELS.filter((c) => c.startsWith('locker'))) {
      const topic = terminalContract.channels[channel].address.replace('{locker_uuid}', MINE);
      expect(isTopicAllowed('bootstrap', 'client-a', topic, 'publish'), topic).toBe(false);
      expect(isTopicAllowed('bootstrap', 'client-a', topic, 'subscribe'), topic).toBe(false);
    }
  });

  it('gets nothing with a client id that is a wildcard or spans levels', () => {
    for (const id of ['+', '#', 'a/b', ''])
      expect(isTopicAllowed('bootstrap', id, `locker/provisioning/reply/${id}`, 'subscribe'), id).toBe(false);
  });
});

describe('what the console (every API replica) may do', () => {
  it('sends commands to any locker and replies to any enrolment', () => {
    expect(isTopicAllowed('console', 'api', terminalTopics.command(MINE), 'publish')).toBe(true);
    expect(isTopicAllowed('console', 'api', terminalTopics.provisioningReply('client-a'), 'publish')).toBe(true);
    expect(isTopicAllowed('console', 'api', terminalTopics.heartbeat(MINE), 'publish')).toBe(false);
  });

  it('subscribes to everything terminals publish, through shared subscriptions', () => {
    for (const channel of TERMINAL_CHANNELS) {
      const published = terminalContract.channels[channel].subscriber === 'console';
      expect(isTopicAllowed('console', 'api', buildChannelFilter(channel), 'subscribe'), channel).toBe(published);
      expect(isTopicAllowed('console', 'api', buildChannelFilter(channel, 'ebox'), 'subscribe'), channel).toBe(published);
    }
    expect(isTopicAllowed('console', 'api', 'locker/#', 'subscribe')).toBe(false);
    expect(isTopicAllowed('console', 'api', '$SYS/#', 'subscribe')).toBe(false);
  });
});

describe('the same rights for an external Mosquitto', () => {
  it('become dynamic-security ACLs with %u and %c for the client’s own identity', () => {
    expect(toMosquittoAcls('terminal')).toContainEqual({
      acltype: 'subscribePattern',
      topic: 'locker/%u/command',
      priority: 0,
      allow: true,
    });
    expect(toMosquittoAcls('terminal')).toContainEqual({
      acltype: 'publishClientSend',
      topic: 'locker/%u/state/connection',
      priority: 0,
      allow: true,
    });
    // No substitution names a token: the enrolment user's register right needs its identity.
    expect(toMosquittoAcls('bootstrap')).toEqual([
      { acltype: 'subscribePattern', topic: 'locker/provisioning/reply/%c', priority: 0, allow: true },
    ]);
    expect(toMosquittoAcls('bootstrap', A)).toEqual([
      { acltype: 'publishClientSend', topic: 'locker/register/token-a', priority: 0, allow: true },
      { acltype: 'subscribePattern', topic: 'locker/provisioning/reply/client-a', priority: 0, allow: true },
    ]);
    expect(toMosquittoAcls('bootstrap', { clientId: 'client-a', token: '+' })).toEqual([
      { acltype: 'subscribePattern', topic: 'locker/provisioning/reply/client-a', priority: 0, allow: true },
    ]);
  });

  it('or literal per-client rules', () => {
    expect(listTopicRights('terminal', MINE).subscribe).toEqual([`locker/${MINE}/command`]);
    expect(toMosquittoAcls('terminal', MINE)).toContainEqual({
      acltype: 'subscribePattern',
      topic: `locker/${MINE}/command`,
      priority: 0,
      allow: true,
    });
    expect(toMosquittoAcls('terminal', MINE).filter((acl) => acl.acltype === 'publishClientSend')).toHaveLength(5);
    // An identity that is not a locker's UUID names nothing, so it is allowed nothing.
    expect(toMosquittoAcls('terminal', 'locker/+')).toEqual([]);
    expect(listTopicRights('bootstrap', 'client-a').subscribe).toEqual(['locker/provisioning/reply/client-a']);
  });
});
