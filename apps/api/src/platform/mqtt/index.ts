/** The terminal link's broker layer: see docs/decisions.md, "MQTT broker". */
export { type BrokerAdmin, type EnrolmentUser, type MqttCredentials, newMqttPassword } from './broker-admin';
export { createDatabaseBrokerAdmin } from './database-broker-admin';
export { createDynsecBrokerAdmin } from './dynsec-broker-admin';
export { type EmbeddedBroker, startEmbeddedBroker } from './embedded-broker';
export {
  API_SHARE_GROUP,
  type CommandOutcome,
  connectMqtt,
  createMqttLinkClient,
  type MqttHandler,
  type MqttLinkClient,
  type TerminalCommand,
} from './mqtt-client';
export { MQTT_WEBSOCKET_PATH, type MqttLink, startMqttLink } from './mqtt-link';
export { defaultTopicRights, type MqttPrincipal, type MqttRole, type TopicAction, type TopicRights, topicMatches } from './topic-rights';
