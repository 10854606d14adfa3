import { createHash } from 'node:crypto';
import {
  isWithinMaintenanceWindow,
  type SoftwareUpdateData,
  type SoftwareUpdateFailureReason,
  type SoftwareUpdateKind,
  type SoftwareUpdateProgressData,
  type SoftwareUpdateProgressState,
  type TerminalAnswer,
} from '@ebox/domain';

/**
 * How a virtual locker plays a software update (issue 31, the software_update command): download
 * the build over HTTP, check its size and SHA-256, wait for the maintenance window and for idle,
 * install, report each step. It retries nothing itself (the console re-sends with a new URL and
 * attempt), and the same release commanded again never starts a second download.
 */

export interface SoftwareUpdaterOptions {
  /** Share (0 to 1) of installs that fail with install-failed; which ones is decided by installFailureSeed, so a run repeats. */
  failInstallShare?: number;
  /** Seeds the choice of failing installs (with the locker and release): the same seed fails the same ones. */
  installFailureSeed?: string;
  /** How long installing takes. */
  installMs?: number;
  /** Free disk space: a build larger than this fails with no-space before downloading. */
  freeSpaceBytes?: number;
  /** How often a waiting update looks at the clock and the doors again (besides on a door closing or setClock). */
  updateCheckMs?: number;
}

/** What the updater needs of its terminal. */
export interface SoftwareUpdaterHost {
  /** The terminal's clock, for the maintenance window. */
  now(): Date;
  /** Why the terminal is not idle (a door open, a deposit or pickup under way), or undefined when it is. */
  busyReason(): string | undefined;
  versionOf(kind: SoftwareUpdateKind): string | undefined;
  /** Sets the running version once an install succeeded. */
  install(kind: SoftwareUpdateKind, version: string): void;
  /** Reports the versions (a versions event), after succeeded. */
  publishVersions(): Promise<void>;
  /** Sends (or holds while offline) one software_update_progress event. */
  report(data: SoftwareUpdateProgressData): Promise<void>;
  /** Whether the terminal has been stopped (an update under way is then abandoned). */
  stopped(): boolean;
  /** Resolves after ms, or never when the terminal stops first. */
  later(ms: number): Promise<void>;
}

/** One release as this terminal holds it. */
export interface SoftwareUpdateRun {
  data: SoftwareUpdateData;
  state: SoftwareUpdateProgressState;
  /** Grows with each progress event of this release, across attempts. */
  sequence: number;
  /** Downloads started for this release (a repeated command does not add one). */
  downloads: number;
  reason?: string;
  detail?: string;
}

const ACTIVE_STATES: readonly SoftwareUpdateProgressState[] = ['downloading', 'downloaded', 'waiting-idle', 'installing'];

/**
 * Whether this locker's install of this release fails, for a share of installs: a hash of seed,
 * locker and release read as a number in [0, 1), so the choice is stable across runs and spread
 * evenly over a fleet.
 */
export function choosesInstallFailure(share: number, seed: string, lockerUuid: string, releaseId: string): boolean {
  if (share <= 0) return false;
  if (share >= 1) return true;
  const digest = createHash('sha256').update(`${seed}\u0000${lockerUuid}\u0000${releaseId}`).digest();
  return digest.readUInt32BE(0) / 2 ** 32 < share;
}

export class SoftwareUpdater {
  private readonly runsByRelease = new Map<string, SoftwareUpdateRun>();
  private wakers: (() => void)[] = [];

  constructor(
    private readonly lockerUuid: string,
    private readonly host: SoftwareUpdaterHost,
    private readonly options: SoftwareUpdaterOptions = {},
  ) {}

  /** The releases held, by id, with where each stands. */
  runs(): Record<string, SoftwareUpdateRun> {
    return Object.fromEntries([...this.runsByRelease].map(([id, run]) => [id, { ...run, data: { ...run.data } }]));
  }

  /** Something an update may be waiting for changed (a door closed, the clock moved): look again now. */
  wake(): void {
    const wakers = this.wakers;
    this.wakers = [];
    for (const wake of wakers) wake();
  }

  /**
   * Takes a software_update command: answers at once, the work goes on after the answer (`after`).
   * A release already held is not started again: the terminal reports where it stands, under the
   * newer attempt when the console re-sent it; only a failed one starts over on a newer attempt.
   */
  accept(data: SoftwareUpdateData): { answer: TerminalAnswer; after: () => Promise<void> } {
    const held = this.runsByRelease.get(data.release_id);
    if (held) {
      const newer = data.attempt > held.data.attempt;
      if (newer && held.state === 'failed') {
        held.data = { ...data };
        return this.start(held);
      }
      if (newer) held.data = { ...data, url: held.data.url };
      return {
        answer: { result: 'success', message: `Release ${data.release_id} already under way here: ${held.state}` },
        after: () => this.progress(held, held.state),
      };
    }
    const run: SoftwareUpdateRun = { data: { ...data }, state: 'downloading', sequence: 0, downloads: 0 };
    this.runsByRelease.set(data.release_id, run);
    if (this.host.versionOf(data.kind) === data.version) {
      return {
        answer: { result: 'success', message: `Version ${data.version} is already installed` },
        after: () => this.progress(run, 'already-installed'),
      };
    }
    return this.start(run);
  }

  private start(run: SoftwareUpdateRun): { answer: TerminalAnswer; after: () => Promise<void> } {
    run.reason = undefined;
    run.detail = undefined;
    run.downloads += 1;
    return {
      answer: { result: 'success', message: `Update to ${run.data.version} taken` },
      after: async () => {
        // Not awaited: the wait for the window may last hours; the command's answer is already out.
        this.play(run).catch((error: Error) => this.fail(run, 'install-failed', error.message));
      },
    };
  }

  private async play(run: SoftwareUpdateRun): Promise<void> {
    const { data } = run;
    if (this.options.freeSpaceBytes !== undefined && data.size > this.options.freeSpaceBytes) {
      return this.fail(run, 'no-space', `${data.size} bytes needed, ${this.options.freeSpaceBytes} free`);
    }
    await this.progress(run, 'downloading');
    let body: Buffer;
    try {
      const response = await fetch(data.url);
      if (!response.ok) return this.fail(run, 'download-failed', `HTTP ${response.status} from the download URL`);
      body = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      return this.fail(run, 'download-failed', (error as Error).message);
    }
    if (this.host.stopped()) return;
    const sha256 = createHash('sha256').update(body).digest('hex');
    if (body.length !== data.size || sha256 !== data.sha256.toLowerCase()) {
      return this.fail(run, 'checksum-mismatch', `got ${body.length} bytes with SHA-256 ${sha256}`);
    }
    await this.progress(run, 'downloaded', { bytes: body.length });
    await this.waitForInstallTime(run);
    if (this.host.stopped()) return;
    await this.progress(run, 'installing');
    await this.host.later(this.options.installMs ?? 100);
    if (this.host.stopped()) return;
    if (
      choosesInstallFailure(this.options.failInstallShare ?? 0, this.options.installFailureSeed ?? '', this.lockerUuid, data.release_id)
    ) {
      return this.fail(run, 'install-failed', `the installer of ${data.version} exited with an error`);
    }
    this.host.install(data.kind, data.version);
    await this.progress(run, 'succeeded');
    await this.host.publishVersions();
  }

  /** Waits until the maintenance window (of the latest command) is open and the terminal idle; says so once when it has to wait. */
  private async waitForInstallTime(run: SoftwareUpdateRun): Promise<void> {
    let reported = false;
    while (!this.host.stopped()) {
      const window = run.data.maintenance_window;
      const why = isWithinMaintenanceWindow(window, this.host.now())
        ? this.host.busyReason()
        : `outside the maintenance window ${window.start}-${window.end} ${window.time_zone}`;
      if (why === undefined) return;
      if (!reported) {
        reported = true;
        await this.progress(run, 'waiting-idle', { detail: why });
      }
      await Promise.race([new Promise<void>((resolve) => this.wakers.push(resolve)), this.host.later(this.options.updateCheckMs ?? 1_000)]);
    }
  }

  private async fail(run: SoftwareUpdateRun, reason: SoftwareUpdateFailureReason, detail: string): Promise<void> {
    await this.progress(run, 'failed', { reason, detail });
  }

  private async progress(
    run: SoftwareUpdateRun,
    state: SoftwareUpdateProgressState,
    extra: { reason?: string; detail?: string; bytes?: number } = {},
  ): Promise<void> {
    run.state = state;
    if (extra.reason !== undefined) run.reason = extra.reason;
    if (extra.detail !== undefined) run.detail = extra.detail;
    run.sequence += 1;
    const { release_id, attempt, kind, version } = run.data;
    await this.host.report({
      release_id,
      attempt,
      sequence: run.sequence,
      state,
      kind,
      version,
      ...(state === 'failed' && run.reason ? { reason: run.reason } : {}),
      ...((state === 'failed' || state === 'waiting-idle') && run.detail ? { detail: run.detail } : {}),
      ...(extra.bytes !== undefined ? { bytes: extra.bytes } : {}),
    });
  }

  /** Whether an update is under way (downloading to installing). */
  get busy(): boolean {
    return [...this.runsByRelease.values()].some((run) => ACTIVE_STATES.includes(run.state));
  }
}
