import { randomUUID } from 'node:crypto';
import { createEnvelope, terminalTopics, validateTerminalMessage } from '@ebox/domain';
import mqtt from 'mqtt';

export interface EnrolOptions {
  brokerUrl: string;
  /**
   * The token's own one-time bootstrap user (tokenData.bootstrapUsername / bootstrapPassword): it may
   * only register with this token and read its own reply, and is deleted once used.
   */
  bootstrapUsername?: string;
  bootstrapPassword?: string;
  /** The one-time token the console gave for this locker (POST /ebox/createToken). */
  token: string;
  /**
   * The client id the token was made for (tokenData.clientId): the bootstrap user connects with no
   * other. Kept after enrolment: the device reconnects as the locker with the same client id.
   */
  clientId?: string;
  timeoutMs?: number;
}

export type EnrolResult =
  | { ok: true; clientId: string; lockerUuid: string; username: string; password: string }
  | { ok: false; clientId: string; reason: string };

/**
 * Open-Locker's enrolment, as a device does it: connect as the token's bootstrap user with the
 * token's client id, subscribe to
 * `locker/provisioning/reply/{client_id}`, publish `{message_id, client_id, timestamp}` on
 * `locker/register/{token}` and wait for the console's answer: the locker's own credentials (user
 * = the locker UUID) or why the token was refused. Gives up after `timeoutMs`.
 */
export async function enrolTerminal(options: EnrolOptions): Promise<EnrolResult> {
  const clientId = options.clientId ?? `sim-${randomUUID()}`;
  const replyTopic = terminalTopics.provisioningReply(clientId);
  const request = { ...createEnvelope(), client_id: clientId };
  const check = validateTerminalMessage('provisioningRegister', request);
  if (!check.ok) throw new Error(`enrolment request refused by the contract: ${check.reason}`);

  let client: mqtt.MqttClient;
  try {
    client = await mqtt.connectAsync(options.brokerUrl, {
      protocolVersion: 4,
      clean: true,
      clientId,
      username: options.bootstrapUsername,
      password: options.bootstrapPassword,
      reconnectPeriod: 0,
      connectTimeout: options.timeoutMs ?? 10_000,
    });
  } catch (error) {
    return { ok: false, clientId, reason: `could not connect as the bootstrap user: ${(error as Error).message}` };
  }
  try {
    const reply = new Promise<EnrolResult>((resolve) => {
      const timer = setTimeout(
        () => resolve({ ok: false, clientId, reason: `no answer to the registration within ${options.timeoutMs ?? 10_000} ms` }),
        options.timeoutMs ?? 10_000,
      );
      client.on('message', (topic, payload) => {
        if (topic !== replyTopic) return;
        let json: unknown;
        try {
          json = JSON.parse(payload.toString('utf8'));
        } catch {
          return;
        }
        const parsed = validateTerminalMessage('provisioningReply', json);
        clearTimeout(timer);
        if (!parsed.ok) return resolve({ ok: false, clientId, reason: `the console's answer breaks the contract: ${parsed.reason}` });
        const data = parsed.data as { status: string; message?: string; data?: { mqtt_user: string; mqtt_password: string } };
        if (data.status === 'success' && data.data) {
          resolve({
            ok: true,
            clientId,
            lockerUuid: data.data.mqtt_user,
            username: data.data.mqtt_user,
            password: data.data.mqtt_password,
          });
        } else {
          resolve({ ok: false, clientId, reason: data.message ?? 'registration refused' });
        }
      });
    });
    // Subscribed before publishing, so the answer cannot arrive before anyone listens.
    const granted = await client.subscribeAsync(replyTopic, { qos: 1 });
    if (granted.some((grant) => grant.qos === 128)) {
      return { ok: false, clientId, reason: `the broker refused the subscription to ${replyTopic}` };
    }
    await client.publishAsync(terminalTopics.register(options.token), JSON.stringify(request), { qos: 1 });
    return await reply;
  } finally {
    await client.endAsync();
  }
}
