import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  applySoftwareUpdateProgress,
  type SoftwareUpdateData,
  type SoftwareUpdateProgressData,
  type SoftwareUpdateTracking,
} from '@ebox/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { choosesInstallFailure } from '../src/software-updater';
import { VirtualTerminal, type VirtualTerminalOptions } from '../src/virtual-terminal';
import { type BareBroker, startBareBroker } from './support/bare-broker';
import { type HeardMessage, TestConsole } from './support/test-console';

let broker: BareBroker;
let testConsole: TestConsole;
let files: Server;
let filesUrl: string;
const running: VirtualTerminal[] = [];
/** What the local file server serves, by path, and how many times each was asked. */
const builds = new Map<string, Buffer>();
const requests = new Map<string, number>();

beforeAll(async () => {
  broker = await startBareBroker();
  testConsole = await TestConsole.connect(broker.url);
  files = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    requests.set(path, (requests.get(path) ?? 0) + 1);
    const body = builds.get(path);
    if (!body) return response.writeHead(404).end('not found');
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((terminal) => terminal.stop()));
});

afterAll(async () => {
  // Everything the terminals sent, as the console heard it, is a message of the contract.
  expect(testConsole.heard.filter((m) => m.invalid).map((m) => `${m.topic}: ${m.invalid}`)).toEqual([]);
  await testConsole.close();
  await broker.close();
  await new Promise((resolve) => files.close(resolve));
});

async function startTerminal(options: Partial<VirtualTerminalOptions> = {}): Promise<VirtualTerminal> {
  const terminal = new VirtualTerminal({
    lockerUuid: randomUUID(),
    brokerUrl: broker.url,
    doorCloseAfterMs: 300,
    installMs: 20,
    ...options,
  });
  running.push(terminal);
  await terminal.start();
  return terminal;
}

/** A build on the file server: its URL, SHA-256 and size, as a release would send them. */
function publishBuild(bytes = randomBytes(64 * 1024)) {
  const path = `/builds/${randomUUID()}.tar.gz`;
  builds.set(path, bytes);
  return { path, url: `${filesUrl}${path}?signature=abc`, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
}

const ALL_DAY = { start: '00:00', end: '00:00', time_zone: 'UTC' };
const NIGHT = { start: '02:00', end: '05:00', time_zone: 'America/Sao_Paulo' };
/** 12:00 and 02:30 in São Paulo (UTC-3). */
const NOON = new Date('2026-12-03T15:00:00Z');
const NIGHT_TIME = new Date('2026-12-03T05:30:00Z');

function updateOf(build: ReturnType<typeof publishBuild>, overrides: Partial<SoftwareUpdateData> = {}): SoftwareUpdateData {
  return {
    release_id: randomUUID(),
    kind: 'application',
    version: '2.0.0',
    url: build.url,
    sha256: build.sha256,
    size: build.size,
    maintenance_window: ALL_DAY,
    attempt: 1,
    ...overrides,
  };
}

const progressOf = (m: HeardMessage) => m.payload.data as SoftwareUpdateProgressData;
const isProgress = (uuid: string, releaseId: string) => (m: HeardMessage) =>
  m.lockerUuid === uuid &&
  m.channel === 'lockerEvent' &&
  m.payload.event === 'software_update_progress' &&
  progressOf(m).release_id === releaseId;
/** The progress events heard for one release, in order. */
const progressHeard = (uuid: string, releaseId: string) => testConsole.heard.filter(isProgress(uuid, releaseId)).map(progressOf);
const waitForProgress = (uuid: string, releaseId: string, state: string, attempt = 1) =>
  testConsole.waitFor(
    (m) => isProgress(uuid, releaseId)(m) && progressOf(m).state === state && progressOf(m).attempt === attempt,
    8_000,
    `${state} (attempt ${attempt})`,
  );
const versionsHeard = (uuid: string, accept: (data: Record<string, unknown>) => boolean) =>
  testConsole.waitFor(
    (m) => m.lockerUuid === uuid && m.channel === 'lockerEvent' && m.payload.event === 'versions' && accept(m.payload.data as never),
    8_000,
    'the new versions',
  );

describe('virtual terminal: software updates', () => {
  it('downloads, checks, installs and reports the new version; the console’s machine follows every step', async () => {
    const terminal = await startTerminal();
    const uuid = terminal.lockerUuid;
    const build = publishBuild();
    const update = updateOf(build);
    const { response } = await testConsole.command(uuid, 'software_update', update);
    expect(response).toMatchObject({ result: 'success' });
    await versionsHeard(uuid, (data) => data.application_version === '2.0.0');
    const heard = progressHeard(uuid, update.release_id);
    expect(heard.map((p) => p.state)).toEqual(['downloading', 'downloaded', 'installing', 'succeeded']);
    expect(heard.map((p) => p.sequence)).toEqual([1, 2, 3, 4]);
    expect(heard[1]).toMatchObject({ bytes: build.size, kind: 'application', version: '2.0.0', attempt: 1 });
    // The succeeded event comes before the versions event that shows the new version.
    const index = (accept: (m: HeardMessage) => boolean) => testConsole.heard.findIndex(accept);
    expect(index((m) => isProgress(uuid, update.release_id)(m) && progressOf(m).state === 'succeeded')).toBeLessThan(
      index(
        (m) =>
          m.lockerUuid === uuid &&
          m.payload.event === 'versions' &&
          (m.payload.data as { application_version?: string }).application_version === '2.0.0',
      ),
    );
    expect(terminal.versions.application_version).toBe('2.0.0');
    expect(requests.get(build.path)).toBe(1);

    let tracking: SoftwareUpdateTracking = { state: 'sent', attempt: 1, sequence: 0 };
    for (const progress of heard) {
      const verdict = applySoftwareUpdateProgress(tracking, progress);
      expect(verdict.apply).toBe(true);
      if (verdict.apply) tracking = verdict.next;
    }
    expect(tracking.state).toBe('succeeded');
    // Replayed, every one of them is dropped.
    for (const progress of heard) expect(applySoftwareUpdateProgress(tracking, progress).apply).toBe(false);
  });

  it('installs a UI build and reports it as ui_version, the application version unchanged', async () => {
    const terminal = await startTerminal();
    const update = updateOf(publishBuild(), { kind: 'ui', version: 'ui-2026.12.1' });
    await testConsole.command(terminal.lockerUuid, 'software_update', update);
    const versions = await versionsHeard(terminal.lockerUuid, (data) => data.ui_version === 'ui-2026.12.1');
    expect(versions.payload.data).toMatchObject({ application_version: '1.0.0' });
  });

  it('fails a corrupted build with checksum-mismatch and installs nothing', async () => {
    const terminal = await startTerminal();
    const build = publishBuild();
    builds.set(build.path, Buffer.concat([builds.get(build.path)!.subarray(1), Buffer.from([0])])); // same size, other bytes
    const update = updateOf(build);
    await testConsole.command(terminal.lockerUuid, 'software_update', update);
    const failed = await waitForProgress(terminal.lockerUuid, update.release_id, 'failed');
    expect(progressOf(failed)).toMatchObject({ reason: 'checksum-mismatch' });
    expect(progressHeard(terminal.lockerUuid, update.release_id).map((p) => p.state)).toEqual(['downloading', 'failed']);
    expect(terminal.versions.application_version).toBe('1.0.0');
  });

  it('fails a download the server refuses with download-failed, and retries nothing itself', async () => {
    const terminal = await startTerminal();
    const update = updateOf(publishBuild(), { url: `${filesUrl}/builds/gone.tar.gz` });
    await testConsole.command(terminal.lockerUuid, 'software_update', update);
    const failed = await waitForProgress(terminal.lockerUuid, update.release_id, 'failed');
    expect(progressOf(failed)).toMatchObject({ reason: 'download-failed', detail: 'HTTP 404 from the download URL' });
    // A sync after it proves time passed with no second request.
    await testConsole.command(terminal.lockerUuid, 'sync', {});
    expect(requests.get('/builds/gone.tar.gz')).toBe(1);
  });

  it('downloads ahead but waits outside its maintenance window, then installs when the clock enters it', async () => {
    const terminal = await startTerminal({ clock: () => NOON });
    const uuid = terminal.lockerUuid;
    const update = updateOf(publishBuild(), { maintenance_window: NIGHT });
    await testConsole.command(uuid, 'software_update', update);
    const waiting = await waitForProgress(uuid, update.release_id, 'waiting-idle');
    expect(progressOf(waiting).detail).toBe('outside the maintenance window 02:00-05:00 America/Sao_Paulo');
    // Asked again, it is still waiting: nothing was installed at noon.
    const { response } = await testConsole.command(uuid, 'software_update', update);
    expect(response.message).toMatch(/already under way here: waiting-idle/);
    expect(terminal.versions.application_version).toBe('1.0.0');

    terminal.setClock(() => NIGHT_TIME);
    await waitForProgress(uuid, update.release_id, 'succeeded');
    expect(progressHeard(uuid, update.release_id).map((p) => p.state)).toEqual([
      'downloading',
      'downloaded',
      'waiting-idle',
      'waiting-idle', // the repeated command's report of where it stood
      'installing',
      'succeeded',
    ]);
    expect(terminal.versions.application_version).toBe('2.0.0');
  });

  it('waits for idle: an open door holds the install until it is closed', async () => {
    const terminal = await startTerminal({ doorCloseAfterMs: 1_500 });
    const uuid = terminal.lockerUuid;
    const closed = terminal.forceDoor(3);
    const update = updateOf(publishBuild());
    await testConsole.command(uuid, 'software_update', update);
    const waiting = await waitForProgress(uuid, update.release_id, 'waiting-idle');
    expect(progressOf(waiting).detail).toBe('door of compartment 3 open');
    await closed;
    const installing = await waitForProgress(uuid, update.release_id, 'installing');
    const doorClosed = testConsole.heard.findIndex((m) => m.lockerUuid === uuid && m.payload.event === 'door_closed');
    expect(doorClosed).toBeGreaterThanOrEqual(0);
    expect(testConsole.heard.indexOf(installing)).toBeGreaterThan(doorClosed);
    await waitForProgress(uuid, update.release_id, 'succeeded');
  });

  it('answers already-installed for the version it runs, without downloading', async () => {
    const terminal = await startTerminal();
    const build = publishBuild();
    const update = updateOf(build, { version: '1.0.0' });
    const { response } = await testConsole.command(terminal.lockerUuid, 'software_update', update);
    expect(response.message).toBe('Version 1.0.0 is already installed');
    await waitForProgress(terminal.lockerUuid, update.release_id, 'already-installed');
    expect(progressHeard(terminal.lockerUuid, update.release_id).map((p) => p.state)).toEqual(['already-installed']);
    expect(requests.get(build.path)).toBeUndefined();
  });

  it('never downloads a release twice: repeated commands report where it stands, a newer attempt takes over', async () => {
    const terminal = await startTerminal({ clock: () => NOON });
    const uuid = terminal.lockerUuid;
    const build = publishBuild();
    const update = updateOf(build, { maintenance_window: NIGHT });
    const first = await testConsole.command(uuid, 'software_update', update);
    // The very same message again (a QoS 1 redelivery): dropped by its message_id, no second answer.
    await testConsole.send(uuid, first.command);
    await waitForProgress(uuid, update.release_id, 'waiting-idle');
    // The same release under a new transaction: answered, not started again.
    const again = await testConsole.command(uuid, 'software_update', update);
    expect(again.response.message).toMatch(/already under way/);
    // The console re-sends as attempt 2 (new URL): the held build goes on, reported under attempt 2.
    const second = { ...update, attempt: 2, url: `${build.url}&retry=2` };
    await testConsole.command(uuid, 'software_update', second);
    await waitForProgress(uuid, update.release_id, 'waiting-idle', 2);
    terminal.setClock(() => NIGHT_TIME);
    await waitForProgress(uuid, update.release_id, 'succeeded', 2);
    expect(requests.get(build.path)).toBe(1);
    expect(terminal.softwareUpdates()[update.release_id]).toMatchObject({ state: 'succeeded', downloads: 1 });
    expect(terminal.runs.software_update).toBe(3);
    const answers = testConsole.of(uuid, 'lockerResponse').filter((m) => m.payload.transaction_id === first.command.transaction_id);
    expect(answers).toHaveLength(1);
    // Sequences only grow, so the console can drop anything it already passed.
    const sequences = progressHeard(uuid, update.release_id).map((p) => p.sequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    expect(new Set(sequences).size).toBe(sequences.length);
  });

  it('fails the share of installs it is told to, and starts a failed release over on a newer attempt', async () => {
    const terminal = await startTerminal({ failInstallShare: 1 });
    const uuid = terminal.lockerUuid;
    const build = publishBuild();
    const update = updateOf(build);
    await testConsole.command(uuid, 'software_update', update);
    const failed = await waitForProgress(uuid, update.release_id, 'failed');
    expect(progressOf(failed)).toMatchObject({ reason: 'install-failed' });
    expect(progressHeard(uuid, update.release_id).map((p) => p.state)).toEqual(['downloading', 'downloaded', 'installing', 'failed']);
    expect(terminal.versions.application_version).toBe('1.0.0');
    await testConsole.command(uuid, 'software_update', { ...update, attempt: 2 });
    await waitForProgress(uuid, update.release_id, 'failed', 2);
    expect(requests.get(build.path)).toBe(2);
    expect(terminal.softwareUpdates()[update.release_id]?.downloads).toBe(2);
  });

  it('installs offline too and replays its progress in the offline batch once back, each event with its sequence', async () => {
    const terminal = await startTerminal({ clock: () => NOON });
    const uuid = terminal.lockerUuid;
    const update = updateOf(publishBuild(), { maintenance_window: NIGHT });
    await testConsole.command(uuid, 'software_update', update);
    await waitForProgress(uuid, update.release_id, 'waiting-idle');
    await terminal.goOffline();
    terminal.setClock(() => NIGHT_TIME);
    await vi.waitFor(() => expect(terminal.softwareUpdates()[update.release_id]?.state).toBe('succeeded'), { timeout: 5_000 });
    await terminal.goOnline();
    const batch = await testConsole.waitFor(
      (m) => m.lockerUuid === uuid && m.payload.event === 'offline_batch',
      8_000,
      'the offline batch',
    );
    const replayed = (batch.payload.data as { events: { event: string; data: SoftwareUpdateProgressData }[] }).events
      .filter((e) => e.event === 'software_update_progress')
      .map((e) => [e.data.state, e.data.sequence]);
    expect(replayed).toEqual([
      ['installing', 4],
      ['succeeded', 5],
    ]);
    // On connecting it reported its versions: already the new one.
    await versionsHeard(uuid, (data) => data.application_version === '2.0.0');
  });

  it('chooses the failing installs from a seed: the same each run, about the share asked over a fleet', () => {
    const lockers = Array.from({ length: 2_000 }, (_, i) => `locker-${i}`);
    const failing = (seed: string) => lockers.filter((uuid) => choosesInstallFailure(0.2, seed, uuid, 'release-1'));
    expect(failing('a')).toEqual(failing('a'));
    expect(failing('a')).not.toEqual(failing('b'));
    expect(failing('a').length).toBeGreaterThan(320);
    expect(failing('a').length).toBeLessThan(480);
    expect(lockers.some((uuid) => choosesInstallFailure(0, 'a', uuid, 'release-1'))).toBe(false);
    expect(lockers.every((uuid) => choosesInstallFailure(1, 'a', uuid, 'release-1'))).toBe(true);
  });
});
