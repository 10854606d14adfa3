import { randomUUID } from 'node:crypto';
import { createEnvelope, parseTerminalTopic, terminalTopics, validateTerminalMessage } from '@ebox/domain';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolOpenLockerDevice } from '../../api/test/support/open-locker-device';
import { enrolTerminal } from '../src/enrol';
import { VirtualTerminal } from '../src/virtual-terminal';
import { type BareBroker, startBareBroker } from './support/bare-broker';

/**
 * Enrolment as a device does it, against a stand-in for the console's side (the API's is not
 * built yet): it knows one token, answers it once with credentials and refuses everything else.
 */
let broker: BareBroker;
let registrar: MqttClient;
const requests: Record<string, unknown>[] = [];
const tokens = new Map<string, string>(); // token → locker UUID, removed once used

beforeAll(async () => {
  broker = await startBareBroker();
  registrar = await mqtt.connectAsync(broker.url, { protocolVersion: 4, clientId: 'test-registrar' });
  registrar.on('message', (topic, bytes) => {
    const parsed = parseTerminalTopic(topic);
    if (parsed?.channel !== 'provisioningRegister') return;
    const request = JSON.parse(bytes.toString('utf8'));
    requests.push(request);
    const lockerUuid = tokens.get(parsed.provisioningToken);
    tokens.delete(parsed.provisioningToken);
    const reply = lockerUuid
      ? { ...createEnvelope(), status: 'success', data: { mqtt_user: lockerUuid, mqtt_password: `pw-${lockerUuid}` } }
      : { ...createEnvelope(), status: 'error', message: 'Token unknown, used or expired' };
    void registrar.publishAsync(terminalTopics.provisioningReply(String(request.client_id)), JSON.stringify(reply), { qos: 1 });
  });
  await registrar.subscribeAsync('locker/register/+', { qos: 1 });
});

afterAll(async () => {
  await registrar.endAsync();
  await broker.close();
});

describe('enrolment', () => {
  it('trades a one-time token for the locker credentials, then connects as the locker with the same client id', async () => {
    const lockerUuid = randomUUID();
    tokens.set('token-1', lockerUuid);
    const result = await enrolTerminal({ brokerUrl: broker.url, token: 'token-1', timeoutMs: 5_000 });
    expect(result).toMatchObject({ ok: true, lockerUuid, username: lockerUuid, password: `pw-${lockerUuid}` });
    expect(validateTerminalMessage('provisioningRegister', requests.at(-1)).ok).toBe(true);
    expect(requests.at(-1)?.client_id).toBe(result.clientId);

    if (!result.ok) return;
    const terminal = new VirtualTerminal({
      lockerUuid: result.lockerUuid,
      brokerUrl: broker.url,
      username: result.username,
      password: result.password,
      clientId: result.clientId,
    });
    await terminal.start();
    expect(terminal.online).toBe(true);
    await terminal.stop();

    // The token was used: a second attempt is refused with the console's reason.
    const again = await enrolTerminal({ brokerUrl: broker.url, token: 'token-1', timeoutMs: 5_000 });
    expect(again).toMatchObject({ ok: false, reason: 'Token unknown, used or expired' });
  });

  it('gives up when nobody answers', async () => {
    const silentBroker = await startBareBroker();
    try {
      const result = await enrolTerminal({ brokerUrl: silentBroker.url, token: 'whatever', timeoutMs: 300 });
      expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/no answer/) });
    } finally {
      await silentBroker.close();
    }
  });

  it('says why when the broker cannot be reached', async () => {
    const result = await enrolTerminal({ brokerUrl: 'mqtt://127.0.0.1:1', token: 't', timeoutMs: 1_000 });
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/could not connect/) });
  });

  it('the Open-Locker test device enrols the same way', async () => {
    const lockerUuid = randomUUID();
    tokens.set('token-ol', lockerUuid);
    const result = await enrolOpenLockerDevice({ brokerUrl: broker.url, token: 'token-ol', timeoutMs: 5_000 });
    expect(result).toMatchObject({ status: 'success', mqttUser: lockerUuid, mqttPassword: `pw-${lockerUuid}` });
    expect(validateTerminalMessage('provisioningRegister', requests.at(-1)).ok).toBe(true);
    const refused = await enrolOpenLockerDevice({ brokerUrl: broker.url, token: 'token-ol', timeoutMs: 5_000 });
    expect(refused).toMatchObject({ status: 'error', message: 'Token unknown, used or expired' });
  });
});
