import { createHash, randomUUID } from 'node:crypto';
import { RELEASE_END_HOURS } from '@ebox/domain';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pauseAtWindowEnd, sendToLocker, skipUnreachedPastEnd, startRelease } from '../src/modules/terminal-release/service';
import { systemContext } from '../src/platform/context';
import type { MqttLink } from '../src/platform/mqtt';
import { ok } from './support/answers';
import { eventually } from './support/eventually';
import { startWithTwoCompanies, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 31, releases: scheduled, staged, each locker commanded once through the terminal link and
 * followed by its software_update_progress events. The lockers are test devices on the console's
 * broker: they answer software_update and publish the progress a terminal would, as the test says.
 */

type Command = { action: string; transaction_id: string; data: Record<string, unknown> };

/** A locker's terminal played by the test: heartbeats, answers software_update, reports what it is told. */
class UpdateDevice {
  readonly commands: Command[] = [];
  private client: MqttClient | undefined;
  private timer: NodeJS.Timeout | undefined;
  private sequence = new Map<string, number>();
  constructor(
    readonly lockerId: string,
    private readonly uuid: string,
    private readonly connect: { url: string; username: string; password: string },
  ) {}

  async start(): Promise<void> {
    const client = await mqtt.connectAsync(this.connect.url, {
      clientId: `release-test-${this.uuid.slice(0, 8)}`,
      username: this.connect.username,
      password: this.connect.password,
      reconnectPeriod: 0,
    });
    this.client = client;
    client.on('message', (_topic, bytes) => {
      const command = JSON.parse(bytes.toString('utf8')) as Command;
      this.commands.push(command);
      const answer =
        command.action === 'software_update'
          ? { result: 'success' }
          : { result: 'error', error_code: 'INVALID_COMMAND', message: 'Unknown action' };
      void client.publishAsync(
        `locker/${this.uuid}/response`,
        JSON.stringify({
          message_id: randomUUID(),
          timestamp: new Date().toISOString(),
          transaction_id: command.transaction_id,
          action: command.action,
          ...answer,
        }),
        { qos: 1 },
      );
    });
    await client.subscribeAsync(`locker/${this.uuid}/command`, { qos: 1 });
    const beat = () =>
      void client.publishAsync(
        `locker/${this.uuid}/state/heartbeat`,
        JSON.stringify({ message_id: randomUUID(), timestamp: new Date().toISOString(), uptime_seconds: 1 }),
      );
    beat();
    this.timer = setInterval(beat, 1_000);
  }

  /** The software_update commands of a release it received. */
  updatesOf(releaseId: string): Command[] {
    return this.commands.filter((c) => c.action === 'software_update' && c.data.release_id === releaseId);
  }

  /** Publishes a progress event of the release's latest command (`sequence` given: a replay or a late one). */
  async report(releaseId: string, state: string, extra: Record<string, unknown> = {}, sequence?: number): Promise<void> {
    const command = this.updatesOf(releaseId).at(-1);
    if (!command) throw new Error(`no command of ${releaseId} on ${this.lockerId}`);
    const next = sequence ?? (this.sequence.get(releaseId) ?? 0) + 1;
    if (sequence === undefined) this.sequence.set(releaseId, next);
    await this.client?.publishAsync(
      `locker/${this.uuid}/event`,
      JSON.stringify({
        message_id: randomUUID(),
        timestamp: new Date().toISOString(),
        event: 'software_update_progress',
        data: {
          release_id: releaseId,
          attempt: command.data.attempt,
          sequence: next,
          state,
          kind: command.data.kind,
          version: command.data.version,
          ...extra,
        },
      }),
      { qos: 1 },
    );
  }

  /** Publishes the `versions` event a terminal sends after connecting and after an update. */
  async reportVersions(applicationVersion: string, uiVersion?: string): Promise<void> {
    await this.client?.publishAsync(
      `locker/${this.uuid}/event`,
      JSON.stringify({
        message_id: randomUUID(),
        timestamp: new Date().toISOString(),
        event: 'versions',
        data: {
          application: 'ebox-terminal',
          application_version: applicationVersion,
          os: 'linux',
          os_version: 'Debian 12',
          ...(uiVersion ? { ui_version: uiVersion } : {}),
        },
      }),
      { qos: 1 },
    );
  }

  async install(releaseId: string): Promise<void> {
    for (const state of ['downloading', 'downloaded', 'installing', 'succeeded']) await this.report(releaseId, state);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.client?.endAsync();
  }
}

let t: TestApp;
let owner: TestUser;
let companyA: string;
let companyB: string;
let buildA: string;
let buildB: string;
const devices: UpdateDevice[] = [];
let lockersA: UpdateDevice[];
let lockerB: UpdateDevice;

async function addDevice(company: string, code: string): Promise<UpdateDevice> {
  const terminalId = randomUUID();
  const lockerId = ok(await owner.api.post('/ebox', { data: { name: `Armário ${code}`, code, company, enable: true, terminalId } }))
    .id as string;
  const link = t.app.deps.mqtt as MqttLink;
  const credentials = await link.admin.createTerminalCredentials({ lockerId, username: terminalId });
  const device = new UpdateDevice(lockerId, terminalId, { url: link.url, username: credentials.username, password: credentials.password });
  await device.start();
  devices.push(device);
  await eventually(
    async () => ok(await owner.api.get(`/ebox/${lockerId}`)).status,
    (status) => status === 'online',
  );
  return device;
}

async function uploadBuild(company: string, identification: string): Promise<string> {
  const asked = ok(await owner.api.post('/upload/terminalUiVersion', { contentType: 'application/zip', fileName: 'ui.zip', type: 'zip' }));
  const put = await fetch(`${t.baseUrl}${asked.SignedUrl}`, {
    method: 'PUT',
    body: Buffer.from(`PK build ${identification}`),
    headers: { 'content-type': 'application/zip' },
  });
  expect(put.status).toBe(200);
  return ok(
    await owner.api.post('/terminalUiVersion', {
      data: { identification, description: 'UI', company, keyS3: asked.Key, file: asked.File.id },
    }),
  ).id as string;
}

async function release(id: string) {
  return ok(await owner.api.get(`/terminalUiRelease/${id}`));
}

async function lockersOf(
  id: string,
): Promise<{ ebox: { id: string }; stage: number; state: string; attempt: number; reason: string | null }[]> {
  return ok(await owner.api.get(`/terminalUiRelease/${id}/lockers`)).rows;
}

async function schedule(data: Record<string, unknown>, inSeconds = 2): Promise<string> {
  return ok(
    await owner.api.post('/terminalUiRelease', {
      data: {
        identification: `R ${randomUUID().slice(0, 6)}`,
        company: companyA,
        terminalUiVersion: buildA,
        scheduledAt: new Date(Date.now() + inSeconds * 1000).toISOString(),
        ...data,
      },
    }),
  ).id as string;
}

beforeAll(async () => {
  ({ t, owner, companyA, companyB } = await startWithTwoCompanies(
    { name: 'Transportadora Alfa', type: 'carrier' },
    { name: 'Loja Beta', type: 'shipper' },
    undefined,
    { mqtt: true, env: { MQTT_PORT: '0', MQTT_HOST: '127.0.0.1' } },
  ));
  lockersA = [await addDevice(companyA, 'REL-A1'), await addDevice(companyA, 'REL-A2'), await addDevice(companyA, 'REL-A3')];
  lockerB = await addDevice(companyB, 'REL-B1');
  buildA = await uploadBuild(companyA, 'UI 3.0.0');
  buildB = await uploadBuild(companyB, 'UI B 1.0');
}, 60_000);
afterAll(async () => {
  for (const device of devices) await device.stop();
  await t?.close();
});

describe('a release', () => {
  it('scheduled a few seconds ahead commands its canary, then each next stage on success, every targeted locker once and only those', async () => {
    const id = await schedule({ target: 'all' });
    expect((await release(id)).status).toBe('SCHEDULED');
    const [a1, a2, a3] = lockersA as [UpdateDevice, UpdateDevice, UpdateDevice];
    // Three lockers: a canary of one, then the two others (25 % of three is reached by the canary).
    await eventually(
      async () => a1.updatesOf(id).length,
      (n) => n === 1,
    );
    const started = await release(id);
    expect(started).toMatchObject({ status: 'RUNNING', currentStage: 0, stageCount: 2, lockerCount: 3 });
    expect((await lockersOf(id)).map((row) => [row.stage, row.state])).toEqual([
      [0, 'sent'],
      [1, 'waiting'],
      [1, 'waiting'],
    ]);
    const command = a1.updatesOf(id)[0] as Command;
    expect(command.data).toMatchObject({ release_id: id, kind: 'ui', version: 'UI 3.0.0', attempt: 1, size: 'PK build UI 3.0.0'.length });
    expect(command.data.maintenance_window).toMatchObject({ start: '02:00', end: '05:00' });
    // The signed URL gives the build for an hour; a changed signature gives nothing (its first
    // character changed, whatever it was: "x" for any of them failed 1 run in 64).
    const url = String(command.data.url);
    const download = await fetch(url.replace(/^https?:\/\/[^/]+/, t.baseUrl));
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('PK build UI 3.0.0');
    expect(
      (
        await fetch(
          url.replace(/^https?:\/\/[^/]+/, t.baseUrl).replace(/signature=(.)/, (_, first) => `signature=${first === 'x' ? 'y' : 'x'}`),
        )
      ).status,
    ).toBe(403);

    await a1.install(id);
    await eventually(
      async () => a2.updatesOf(id).length + a3.updatesOf(id).length,
      (n) => n === 2,
    );
    // A replayed progress event (an old sequence) changes nothing.
    await a1.report(id, 'downloading', {}, 1);
    await a2.install(id);
    expect((await release(id)).status).toBe('RUNNING');
    await a3.report(id, 'already-installed');
    const done = await eventually(
      () => release(id),
      (r) => r.status === 'COMPLETED',
    );
    expect(done.currentStage).toBe(1);
    expect((await lockersOf(id)).map((row) => row.state)).toEqual(['succeeded', 'succeeded', 'already-installed']);
    for (const device of lockersA) expect(device.updatesOf(id)).toHaveLength(1);
    expect(lockerB.updatesOf(id)).toHaveLength(0);
    // Done: no longer editable.
    const edit = await owner.api.put(`/terminalUiRelease/${id}`, { id, data: { description: 'late' } });
    expect(edit.status).toBe(400);
  });

  it('pauses by itself when its canary fails, with nothing sent to the next stage; cancel; retry of the failed lockers', async () => {
    const id = await schedule({ target: 'ebox', ebox: lockersA.map((d) => d.lockerId) }, 1);
    const [a1, a2, a3] = lockersA as [UpdateDevice, UpdateDevice, UpdateDevice];
    await eventually(
      async () => a1.updatesOf(id).length,
      (n) => n === 1,
    );
    await a1.report(id, 'downloading');
    await a1.report(id, 'failed', { reason: 'install-failed', detail: 'exit code 3' });
    // The pause is decided in the transaction of the failure: once it shows, no next command was queued.
    const paused = await eventually(
      () => release(id),
      (r) => r.status === 'PAUSED',
    );
    expect(paused).toMatchObject({ pauseReason: 'failure-threshold', currentStage: 0 });
    const rows = await lockersOf(id);
    expect(rows.map((row) => row.state)).toEqual(['failed', 'waiting', 'waiting']);
    expect(rows[0]?.reason).toBe('install-failed: exit code 3');
    expect(a2.updatesOf(id)).toHaveLength(0);
    expect(a3.updatesOf(id)).toHaveLength(0);

    // Cancel between stages; a canceled release is not resumed.
    ok(await owner.api.post(`/terminalUiRelease/${id}/cancel`, {}));
    expect((await release(id)).status).toBe('CANCELED');
    expect((await owner.api.post(`/terminalUiRelease/${id}/resume`, {})).status).toBe(400);

    // "Retry the failed lockers": a follow-up release of only the failed canary, started at once.
    const retry = ok(await owner.api.post(`/terminalUiRelease/${id}/retryFailed`, {}));
    expect(retry).toMatchObject({ target: 'ebox', ebox: [{ id: a1.lockerId }], retryOf: { id } });
    await eventually(
      async () => a1.updatesOf(retry.id).length,
      (n) => n === 1,
    );
    await a1.install(retry.id);
    await eventually(
      () => release(retry.id),
      (r) => r.status === 'COMPLETED',
    );
    expect(a2.updatesOf(retry.id)).toHaveLength(0);
    expect(a3.updatesOf(retry.id)).toHaveLength(0);
    // Nothing failed in the retry: nothing to retry again.
    expect((await owner.api.post(`/terminalUiRelease/${retry.id}/retryFailed`, {})).status).toBe(400);
  });

  it('gives a download failure another attempt with a fresh URL, at most 3, then the locker failed', async () => {
    const id = await schedule({ target: 'ebox', ebox: [lockersA[0]?.lockerId] }, 1);
    const a1 = lockersA[0] as UpdateDevice;
    await eventually(
      async () => a1.updatesOf(id).length,
      (n) => n === 1,
    );
    for (const attempt of [1, 2]) {
      await a1.report(id, 'failed', { reason: 'download-failed' });
      await eventually(
        async () => a1.updatesOf(id).length,
        (n) => n === attempt + 1,
      );
    }
    const urls = a1.updatesOf(id).map((c) => [c.data.attempt, c.data.url]);
    expect(urls.map(([attempt]) => attempt)).toEqual([1, 2, 3]);
    expect(new Set(urls.map(([, url]) => url)).size).toBe(3);
    await a1.report(id, 'failed', { reason: 'download-failed' });
    await eventually(
      () => release(id),
      (r) => r.status === 'PAUSED',
    );
    expect((await lockersOf(id))[0]).toMatchObject({ state: 'failed', attempt: 3 });
    expect(a1.updatesOf(id)).toHaveLength(3);
  });

  it('starts once and commands each locker once when several processes race for the same work', async () => {
    const a2 = lockersA[1] as UpdateDevice;
    const id = await schedule({ target: 'ebox', ebox: [a2.lockerId] }, 3600);
    // Moved to now: the job queued by the edit races with two more starters and two more senders.
    ok(await owner.api.put(`/terminalUiRelease/${id}`, { id, data: { scheduledAt: new Date().toISOString() } }));
    const runner = () => systemContext(t.app.deps, 'releaseRunner');
    await Promise.all([startRelease(runner(), { releaseId: id }), startRelease(runner(), { releaseId: id })]);
    const payload = { releaseId: id, eboxId: a2.lockerId, attempt: 0 };
    await Promise.all([sendToLocker(runner(), payload), sendToLocker(runner(), payload)]);
    await eventually(
      async () => a2.updatesOf(id).length,
      (n) => n >= 1,
    );
    await a2.install(id);
    const done = await eventually(
      () => release(id),
      (r) => r.status === 'COMPLETED',
    );
    // Once completed nobody can take the row any more: what was sent is all that will be.
    expect(done.lockerCount).toBe(1);
    expect(a2.updatesOf(id)).toHaveLength(1);
    expect(await lockersOf(id)).toHaveLength(1);
  });

  it('is edited only while scheduled, paused and resumed by hand', async () => {
    const later = await schedule({ target: 'all' }, 3600);
    ok(
      await owner.api.put(`/terminalUiRelease/${later}`, {
        id: later,
        data: { description: 'moved', scheduledAt: new Date(Date.now() + 7200_000).toISOString() },
      }),
    );
    expect((await owner.api.post(`/terminalUiRelease/${later}/pause`, {})).status).toBe(400);
    ok(await owner.api.post(`/terminalUiRelease/${later}/cancel`, {}));
    expect((await owner.api.delete('/terminalUiRelease', { ids: [later] })).status).toBe(400);

    const id = await schedule({ target: 'ebox', ebox: lockersA.map((d) => d.lockerId) }, 1);
    const [a1, a2] = lockersA as [UpdateDevice, UpdateDevice];
    await eventually(
      async () => a1.updatesOf(id).length,
      (n) => n === 1,
    );
    ok(await owner.api.post(`/terminalUiRelease/${id}/pause`, {}));
    expect(await release(id)).toMatchObject({ status: 'PAUSED', pauseReason: 'manual' });
    await a1.install(id);
    await eventually(
      async () => (await lockersOf(id))[0]?.state,
      (state) => state === 'succeeded',
    );
    expect(a2.updatesOf(id)).toHaveLength(0);
    ok(await owner.api.post(`/terminalUiRelease/${id}/resume`, {}));
    await eventually(
      async () => a2.updatesOf(id).length,
      (n) => n === 1,
    );
    ok(await owner.api.post(`/terminalUiRelease/${id}/cancel`, {}));
  });
});

describe('who may', () => {
  it('refuses releases to who lacks the permission, and keeps each company to its own releases and cascader', async () => {
    const reader = await t.createUser({ permissions: ['terminalUiReleaseRead'] });
    const body = {
      data: {
        identification: 'x',
        company: companyA,
        terminalUiVersion: buildA,
        target: 'all',
        scheduledAt: new Date(Date.now() + 3600_000).toISOString(),
      },
    };
    expect((await reader.api.post('/terminalUiRelease', body)).status).toBe(403);
    const id = await schedule({ target: 'all', identification: 'Alfa cascade' }, 3600);
    expect((await reader.api.post(`/terminalUiRelease/${id}/cancel`, {})).status).toBe(403);
    expect((await reader.api.post(`/terminalUiRelease/${id}/retryFailed`, {})).status).toBe(403);

    const editorB = await t.createUser({
      permissions: ['terminalUiReleaseRead', 'terminalUiReleaseCreate', 'terminalUiReleaseEdit', 'terminalUiReleaseAutocomplete'],
      allowedCompanies: [companyB],
    });
    expect((await editorB.api.get(`/terminalUiRelease/${id}`)).status).toBe(404);
    expect((await editorB.api.get(`/terminalUiRelease/${id}/lockers`)).status).toBe(404);
    expect((await editorB.api.post(`/terminalUiRelease/${id}/cancel`, {})).status).toBe(404);
    // Company A is not among hers: refused as a choice outside her reach.
    expect((await editorB.api.post('/terminalUiRelease', body)).status).toBe(400);
    // A build of another company, out of her reach, is refused.
    const foreign = await editorB.api.post('/terminalUiRelease', { data: { ...body.data, company: companyB, terminalUiVersion: buildA } });
    expect(foreign.status).toBe(400);
    const own = ok(
      await editorB.api.post('/terminalUiRelease', {
        data: { ...body.data, identification: 'Beta cascade', company: companyB, terminalUiVersion: buildB },
      }),
    );

    const cascadeB = ok(await editorB.api.get('/terminalUiRelease/cascader', { query: 'cascade', limit: 10 }));
    expect(cascadeB).toEqual([{ id: companyB, label: 'Loja Beta', children: [{ id: own.id, label: 'Beta cascade' }] }]);
    const cascadeAll = ok(await owner.api.get('/terminalUiRelease/cascader', { query: 'cascade', limit: 10 }));
    expect(cascadeAll.map((company: { id: string }) => company.id).sort()).toEqual([companyA, companyB].sort());
    const nobody = await t.createUser({ permissions: [] });
    expect((await nobody.api.get('/terminalUiRelease/cascader')).status).toBe(403);
    // A target needs its group, cluster or lockers, and a release a build.
    expect((await owner.api.post('/terminalUiRelease', { data: { ...body.data, target: 'group' } })).status).toBe(400);
    expect((await owner.api.post('/terminalUiRelease', { data: { ...body.data, target: 'ebox' } })).status).toBe(400);
    expect((await owner.api.post('/terminalUiRelease', { data: { ...body.data, terminalUiVersion: null } })).status).toBe(400);
  });
});

describe('what lockers run', () => {
  it("keeps a locker's UI version from a success only, lists its software history newest first, and keeps both reads to who may", async () => {
    const id = ok(
      await owner.api.post('/terminalUiRelease', {
        data: {
          identification: 'Beta UI 1.0',
          company: companyB,
          terminalUiVersion: buildB,
          target: 'all',
          scheduledAt: new Date(Date.now() + 1000).toISOString(),
        },
      }),
    ).id as string;
    await eventually(
      async () => lockerB.updatesOf(id).length,
      (n) => n === 1,
    );
    const locker = async () => ok(await owner.api.get(`/ebox/${lockerB.lockerId}`));
    await lockerB.report(id, 'downloading');
    await lockerB.report(id, 'installing');
    await eventually(
      async () => (await lockersOf(id))[0]?.state,
      (state) => state === 'installing',
    );
    // Installing is not installed: the locker's UI version has not moved.
    expect((await locker()).uiVersion ?? null).toBeNull();
    await lockerB.report(id, 'succeeded');
    await eventually(
      async () => (await locker()).uiVersion,
      (version) => version === 'UI B 1.0',
    );

    const history = ok(await owner.api.get(`/ebox/${lockerB.lockerId}/software-history`));
    expect(history).toEqual({
      rows: [
        {
          releaseId: id,
          releaseName: 'Beta UI 1.0',
          kind: 'ui',
          version: 'UI B 1.0',
          previousVersion: null,
          state: 'succeeded',
          reason: null,
          attempt: 1,
          sentAt: expect.any(String),
          updatedAt: expect.any(String),
        },
      ],
      count: 1,
    });
    // Locker A1 took part in every release above: newest first, paged.
    const a1 = lockersA[0] as UpdateDevice;
    const all = ok(await owner.api.get(`/ebox/${a1.lockerId}/software-history`, { limit: 100 }));
    expect(all.count).toBeGreaterThanOrEqual(4);
    const page = ok(await owner.api.get(`/ebox/${a1.lockerId}/software-history`, { limit: 2, offset: 1 }));
    expect(page.count).toBe(all.count);
    expect(page.rows.map((row: { releaseId: string }) => row.releaseId)).toEqual(
      all.rows.slice(1, 3).map((row: { releaseId: string }) => row.releaseId),
    );
    const newest = ok(await owner.api.get(`/terminalUiRelease/${all.rows[0].releaseId}`));
    const oldest = ok(await owner.api.get(`/terminalUiRelease/${all.rows.at(-1).releaseId}`));
    expect(new Date(newest.startedAt).getTime()).toBeGreaterThanOrEqual(new Date(oldest.startedAt).getTime());
    expect((await owner.api.get(`/ebox/${a1.lockerId}/software-history`, { limit: 101 })).status).toBe(400);

    // A `versions` report is stored as the terminal says; without ui_version the stored one stays.
    await lockerB.reportVersions('1.10.0');
    await lockersA[0]?.reportVersions('1.9.2', 'UI 2.9.0');
    await lockersA[1]?.reportVersions('1.10.0', 'UI 3.0.0');
    await eventually(
      async () => [(await locker()).applicationVersion, ok(await owner.api.get(`/ebox/${lockersA[1]?.lockerId}`)).applicationVersion],
      ([b, a2]) => b === '1.10.0' && a2 === '1.10.0',
    );
    expect((await locker()).uiVersion).toBe('UI B 1.0');

    // The fleet: versions sorted as versions (1.9.2 before 1.10.0), unknown last.
    const fleet = await eventually(
      async () => ok(await owner.api.get('/terminalUiRelease/fleet')),
      (answer) => answer.application[0]?.version === '1.9.2' && answer.ui[0]?.version === 'UI 2.9.0',
    );
    expect(fleet).toEqual({
      total: 4,
      application: [
        { version: '1.9.2', lockers: 1 },
        { version: '1.10.0', lockers: 2 },
        { version: null, lockers: 1 },
      ],
      // Every locker of company A installed UI 3.0.0 above; A1 says it runs UI 2.9.0 now.
      ui: [
        { version: 'UI 2.9.0', lockers: 1 },
        { version: 'UI 3.0.0', lockers: 2 },
        { version: 'UI B 1.0', lockers: 1 },
      ],
      oldestApplication: '1.9.2',
      oldestUi: 'UI 2.9.0',
    });
    expect(ok(await owner.api.get('/terminalUiRelease/fleet', { filter: { company: companyB } }))).toEqual({
      total: 1,
      application: [{ version: '1.10.0', lockers: 1 }],
      ui: [{ version: 'UI B 1.0', lockers: 1 }],
      oldestApplication: '1.10.0',
      oldestUi: 'UI B 1.0',
    });

    // Company B's reader sees its own locker only; no permission, no read.
    const readerB = await t.createUser({ permissions: ['terminalUiReleaseRead', 'eboxRead'], allowedCompanies: [companyB] });
    expect(ok(await readerB.api.get('/terminalUiRelease/fleet')).total).toBe(1);
    expect(ok(await readerB.api.get('/terminalUiRelease/fleet', { filter: { company: companyA } })).total).toBe(0);
    expect(ok(await readerB.api.get(`/ebox/${lockerB.lockerId}/software-history`)).count).toBe(1);
    expect((await readerB.api.get(`/ebox/${a1.lockerId}/software-history`)).status).toBe(404);
    expect((await readerB.api.get(`/ebox/${randomUUID()}/software-history`)).status).toBe(404);
    expect((await readerB.api.get('/terminalUiRelease/fleet', { filter: { company: 'x' } })).status).toBe(400);
    const lockerReader = await t.createUser({ permissions: ['eboxRead'] });
    expect((await lockerReader.api.get(`/ebox/${lockerB.lockerId}/software-history`)).status).toBe(403);
    expect((await lockerReader.api.get('/terminalUiRelease/fleet')).status).toBe(403);
  });
  it('sends an application version whose file the console hashed, changes applicationVersion only on success, and refuses a build of another company', async () => {
    const bytes = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('terminal application 2.0.0')]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/zip' }), 'app-2.0.0.zip');
    const uploaded = await fetch(`${t.baseUrl}/io/api/v1/file/upload?entity=version&field=file`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect([uploaded.status, uploaded.status === 200 ? '' : await uploaded.text()]).toEqual([200, '']);
    const file = await uploaded.json();
    const version = ok(
      await owner.api.post('/versions', {
        data: { identification: 'App 2.0.0', versionNumber: '2.0.0', company: companyA, description: 'App', file: [file] },
      }),
    );
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    expect(version).toMatchObject({ sha256, sizeInBytes: bytes.length });
    const bare = ok(
      await owner.api.post('/versions', {
        data: { identification: 'App 2.1.0', versionNumber: '2.1.0', company: companyA, description: 'App' },
      }),
    );
    const inB = ok(
      await owner.api.post('/versions', {
        data: { identification: 'App B', versionNumber: '2.0.0', company: companyB, description: 'App', file: [file] },
      }),
    );

    const base = { identification: 'App', company: companyA, target: 'all', scheduledAt: new Date(Date.now() + 3600_000).toISOString() };
    const refused = async (data: Record<string, unknown>, words: string) => {
      const answer = await owner.api.post('/terminalUiRelease', { data: { ...base, ...data } });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(words);
    };
    // Nothing safe to send, and builds of company B for company A's lockers, even for an owner who sees both.
    await refused({ version: bare.id }, 'não tem um arquivo');
    await refused({ version: inB.id }, 'outra empresa');
    await refused({ terminalUiVersion: buildB }, 'outra empresa');
    const later = ok(await owner.api.post('/terminalUiRelease', { data: { ...base, version: version.id } }));
    const moved = await owner.api.put(`/terminalUiRelease/${later.id}`, { id: later.id, data: { company: companyB } });
    expect(moved.status).toBe(400);
    ok(await owner.api.post(`/terminalUiRelease/${later.id}/cancel`, {}));

    const a3 = lockersA[2] as UpdateDevice;
    const id = await schedule({ target: 'ebox', ebox: [a3.lockerId], terminalUiVersion: null, version: version.id }, 1);
    await eventually(
      async () => a3.updatesOf(id).length,
      (n) => n === 1,
    );
    const command = a3.updatesOf(id)[0] as Command;
    expect(command.data).toMatchObject({ kind: 'application', version: '2.0.0', sha256, size: bytes.length, attempt: 1 });
    const download = await fetch(String(command.data.url).replace(/^https?:\/\/[^/]+/, t.baseUrl));
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    const applicationVersion = async () => ok(await owner.api.get(`/ebox/${a3.lockerId}`)).applicationVersion ?? null;
    const before = await applicationVersion();
    await a3.report(id, 'downloading');
    await a3.report(id, 'installing');
    await eventually(
      async () => (await lockersOf(id))[0]?.state,
      (state) => state === 'installing',
    );
    expect(await applicationVersion()).toBe(before);
    await a3.report(id, 'succeeded');
    await eventually(applicationVersion, (value) => value === '2.0.0');
    const history = ok(await owner.api.get(`/ebox/${a3.lockerId}/software-history`, { limit: 1 }));
    expect(history.rows[0]).toMatchObject({
      releaseId: id,
      kind: 'application',
      version: '2.0.0',
      previousVersion: before,
      state: 'succeeded',
    });
  });
});

describe('maintenance windows and the release end', () => {
  const runner = () => systemContext(t.app.deps, 'releaseRunner');

  it("sends each locker its own window, else its company's, and pauses at the end of a whole window a locker did not install in", async () => {
    const [, a2, a3] = lockersA as [UpdateDevice, UpdateDevice, UpdateDevice];
    ok(
      await owner.api.put(`/company/${companyA}`, {
        id: companyA,
        data: { companySettings: { maintenanceWindowStart: '01:00', maintenanceWindowEnd: '04:00', timeZone: 'America/Recife' } },
      }),
    );
    ok(
      await owner.api.put(`/ebox/${a2.lockerId}`, {
        id: a2.lockerId,
        data: { maintenanceWindowStart: '22:00', maintenanceWindowEnd: '23:30', timeZone: 'America/Manaus' },
      }),
    );
    // A window is both ends or none.
    const half = await owner.api.put(`/ebox/${a3.lockerId}`, {
      id: a3.lockerId,
      data: { maintenanceWindowStart: '22:00', maintenanceWindowEnd: null },
    });
    expect(half.status).toBe(400);

    const id = await schedule({ target: 'ebox', ebox: [a2.lockerId, a3.lockerId] }, 1);
    await eventually(
      async () => a2.updatesOf(id).length,
      (n) => n === 1,
    );
    expect(a2.updatesOf(id)[0]?.data.maintenance_window).toEqual({ start: '22:00', end: '23:30', time_zone: 'America/Manaus' });
    await a2.install(id);
    await eventually(
      async () => a3.updatesOf(id).length,
      (n) => n === 1,
    );
    expect(a3.updatesOf(id)[0]?.data.maintenance_window).toEqual({ start: '01:00', end: '04:00', time_zone: 'America/Recife' });
    for (const state of ['downloading', 'downloaded', 'waiting-idle']) await a3.report(id, state);
    await eventually(
      async () => (await lockersOf(id))[1]?.state,
      (state) => state === 'waiting-idle',
    );
    // Commanded just now: no whole window has gone by yet.
    await pauseAtWindowEnd(runner());
    expect((await release(id)).status).toBe('RUNNING');
    // Two days on, A3's company window opened and closed with A3 still waiting: the release pauses.
    await pauseAtWindowEnd(runner(), new Date(Date.now() + 2 * 86_400_000));
    expect(await release(id)).toMatchObject({ status: 'PAUSED', pauseReason: 'window-end' });
    // Its own report goes on while paused; resumed, the release completes with it.
    ok(await owner.api.post(`/terminalUiRelease/${id}/resume`, {}));
    await a3.report(id, 'installing');
    await a3.report(id, 'succeeded');
    await eventually(
      () => release(id),
      (r) => r.status === 'COMPLETED',
    );
  });

  it('skips a locker still offline past the release end, and goes on without it', async () => {
    const offline = ok(
      await owner.api.post('/ebox', {
        data: { name: 'Armário REL-A0', code: 'REL-A0', company: companyA, enable: true, terminalId: randomUUID() },
      }),
    ).id as string;
    const a1 = lockersA[0] as UpdateDevice;
    const id = await schedule({ target: 'ebox', ebox: [offline, a1.lockerId] }, 1);
    await eventually(
      () => release(id),
      (r) => r.status === 'RUNNING',
    );
    // The canary (REL-A0, first by code) is offline: it waits, and nothing else is commanded.
    await skipUnreachedPastEnd(runner());
    expect((await lockersOf(id)).map((row) => row.state)).toEqual(['waiting', 'waiting']);
    await skipUnreachedPastEnd(runner(), new Date(Date.now() + (RELEASE_END_HOURS + 1) * 3_600_000));
    const rows = await lockersOf(id);
    expect(rows[0]).toMatchObject({ ebox: { id: offline }, state: 'skipped', reason: 'offline past the release end' });
    await eventually(
      async () => a1.updatesOf(id).length,
      (n) => n === 1,
    );
    await a1.install(id);
    await eventually(
      () => release(id),
      (r) => r.status === 'COMPLETED',
    );
    expect((await lockersOf(id)).map((row) => row.state)).toEqual(['skipped', 'succeeded']);
  });
});
