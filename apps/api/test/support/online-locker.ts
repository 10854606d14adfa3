import { randomUUID } from 'node:crypto';
import { VirtualTerminal } from '../../../terminal-sim/src';
import type { MqttLink } from '../../src/platform/mqtt';
import { ok } from './answers';
import { addCompartments } from './compartments';
import { eventually } from './eventually';
import type { TestApp, TestUser } from './test-app';

/**
 * A locker of `company` with compartments 1..N wired to board 1 (channel = number - 1) and a virtual
 * terminal on the console's own terminal link, online: what an order needs to be deposited and taken
 * by locker events in a test. The caller stops the terminal.
 */
export async function startOnlineLocker(
  t: TestApp,
  owner: TestUser,
  locker: { company: string; name: string; code: string; compartments: number; failureRate?: number },
): Promise<{ lockerId: string; terminal: VirtualTerminal }> {
  const terminalId = randomUUID();
  const lockerId = ok(
    await owner.api.post('/ebox', { data: { name: locker.name, code: locker.code, company: locker.company, enable: true, terminalId } }),
  ).id as string;
  const numbers = Array.from({ length: locker.compartments }, (_, i) => i + 1);
  await addCompartments(owner, lockerId, locker.compartments);
  const link = t.app.deps.mqtt as MqttLink;
  const credentials = await link.admin.createTerminalCredentials({ lockerId, username: terminalId });
  const terminal = new VirtualTerminal({
    brokerUrl: link.url,
    lockerUuid: terminalId,
    username: credentials.username,
    password: credentials.password,
    compartments: numbers.map((number) => ({ number, boardNumber: 1, channel: number - 1 })),
    heartbeatIntervalSeconds: 1,
    doorCloseAfterMs: 50,
    ...(locker.failureRate !== undefined ? { failureRate: locker.failureRate } : {}),
  });
  await terminal.start();
  await eventually(
    async () => ok(await owner.api.get(`/ebox/${lockerId}`)).status,
    (status) => status === 'online',
  );
  return { lockerId, terminal };
}
