import type { MqttClient } from 'mqtt';
import { type Mosquitto, mosquittoAvailable, startMosquitto } from './mosquitto';
import { startTestApp, type TestApp } from './test-app';

/** A console on one kind of broker, and how to stop both. */
export type BrokerBackend = { name: string; start(): Promise<{ t: TestApp; stop(): Promise<void> }> };

/**
 * The brokers the terminal link runs on, for `describe.each`: the embedded aedes broker, and a real
 * Mosquitto 2 with dynamic security (started by the test in a temp folder) when Debian's binary is
 * installed. `env` is added to both consoles' settings (e.g. a short heartbeat interval).
 */
export function brokerBackends(env: Record<string, string> = {}): BrokerBackend[] {
  const backends: BrokerBackend[] = [
    {
      name: 'embedded aedes',
      async start() {
        const t = await startTestApp({ mqtt: true, env: { ...env, MQTT_PORT: '0', MQTT_HOST: '127.0.0.1' } });
        return { t, stop: () => t.close() };
      },
    },
  ];
  if (!mosquittoAvailable()) return backends;
  backends.push({
    name: 'Mosquitto with dynamic security',
    async start() {
      const mosquitto: Mosquitto = await startMosquitto();
      // A console that fails to start must not leave the broker running.
      const t = await startTestApp({
        mqtt: true,
        env: { ...env, MQTT_URL: mosquitto.url, MQTT_USERNAME: mosquitto.admin.username, MQTT_PASSWORD: mosquitto.admin.password },
      }).catch(async (error: unknown) => {
        await mosquitto.stop();
        throw error;
      });
      return {
        t,
        async stop() {
          await t.close();
          await mosquitto.stop();
        },
      };
    },
  });
  return backends;
}

/** The SUBACK code of a refused subscription. */
export const REFUSED = 128;

/** The QoS the broker granted a subscription, 128 when it refused (mqtt.js rejects on a refusal). */
export async function grantOf(client: MqttClient, filter: string): Promise<number | undefined> {
  try {
    return (await client.subscribeAsync(filter, { qos: 1 }))[0]?.qos;
  } catch (error) {
    if ((error as { packet?: { granted?: number[] } }).packet?.granted?.includes(REFUSED)) return REFUSED;
    throw error;
  }
}
