import type { Aedes, AedesPublishPacket, Client } from 'aedes';
import type { Deliver } from './aedes-internals';
import { parseSharedFilter } from './topic-rights';

type Member = { client: Client; sharedTopic: string };
type Group = { filter: string; members: Member[]; next: number; deliver: Deliver };

/**
 * MQTT 5 shared subscriptions (`$share/{group}/{filter}`) for aedes, which has none of its own: a
 * message matching the filter goes to one member of the group, in turn, instead of to all of them.
 * That is how several API processes each handle a terminal event once, as they do on Mosquitto.
 *
 * aedes stores the client's `$share/…` subscription as an ordinary filter that no publication
 * matches; this keeps the members of each group and subscribes the broker itself to the real filter
 * once per group, handing each message to the chosen member's own delivery function (its QoS and
 * in-flight handling stay aedes's).
 */
export function enableSharedSubscriptions(broker: Aedes): void {
  const groups = new Map<string, Group>();

  const removeMember = (client: Client, sharedTopic?: string) => {
    for (const [key, group] of groups) {
      group.members = group.members.filter((m) => m.client !== client || (sharedTopic !== undefined && m.sharedTopic !== sharedTopic));
      if (group.members.length === 0) {
        groups.delete(key);
        broker.unsubscribe(group.filter, group.deliver, () => {});
      }
    }
  };

  broker.on('subscribe', (subscriptions, client) => {
    for (const subscription of subscriptions) {
      const shared = parseSharedFilter(subscription.topic);
      // aedes marks a refused subscription with the SUBACK failure code, a QoS its type does not list.
      const qos: number = subscription.qos;
      if (!shared || qos === 128) continue;
      let group = groups.get(subscription.topic);
      if (!group) {
        const created: Group = {
          filter: shared.filter,
          members: [],
          next: 0,
          deliver: (packet, done) => deliverToOne(created, packet, done),
        };
        group = created;
        groups.set(subscription.topic, created);
        broker.subscribe(shared.filter, created.deliver, () => {});
      }
      if (!group.members.some((m) => m.client === client)) group.members.push({ client, sharedTopic: subscription.topic });
    }
  });
  broker.on('unsubscribe', (topics, client) => {
    for (const topic of topics) if (parseSharedFilter(topic)) removeMember(client, topic);
  });
  broker.on('clientDisconnect', (client) => removeMember(client));

  function deliverToOne(group: Group, packet: AedesPublishPacket, done: () => void): void {
    // A filter starting with a wildcard does not match `$` topics [MQTT-4.7.2-1].
    const live = group.members.filter((m) => !m.client.closed);
    const member = live[group.next % live.length];
    if (packet.topic.startsWith('$') || !member) {
      done();
      return;
    }
    group.next = (group.next + 1) % Number.MAX_SAFE_INTEGER;
    const subscription = member.client.subscriptions[member.sharedTopic];
    if (subscription) subscription.func(packet, done);
    else done();
  }
}
