import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  applySoftwareUpdateProgress,
  canRetrySoftwareUpdate,
  classifyTerminalResponse,
  createTerminalCommand,
  isFinalSoftwareUpdateState,
  isWithinMaintenanceWindow,
  renderSoftwareUpdateDiagram,
  SOFTWARE_UPDATE_FINAL_STATES,
  SOFTWARE_UPDATE_MAX_ATTEMPTS,
  SOFTWARE_UPDATE_PROGRESS_STATES,
  SOFTWARE_UPDATE_STATES,
  SOFTWARE_UPDATE_TRANSITIONS,
  type SoftwareUpdateData,
  TERMINAL_MESSAGE_EXAMPLES,
  validateTerminalMessage,
} from '../src/terminal/index';

const example = (name: string) => structuredClone(TERMINAL_MESSAGE_EXAMPLES[name]!) as Record<string, any>;

const update: SoftwareUpdateData = {
  release_id: 'r-1',
  kind: 'ui',
  version: 'ui-2026.12.1',
  url: 'http://127.0.0.1:9/build.zip',
  sha256: 'ab'.repeat(32),
  size: 1024,
  maintenance_window: { start: '02:00', end: '05:00', time_zone: 'America/Sao_Paulo' },
  attempt: 1,
};

describe('software update: the command and its progress events', () => {
  it('builds a software_update command and refuses a malformed one, field by field', () => {
    const command = createTerminalCommand('software_update', update);
    expect(validateTerminalMessage('lockerCommand', command)).toMatchObject({ ok: true, message: 'softwareUpdateCommand', origin: 'ebox' });
    const broken: [string, (data: Record<string, any>) => void, RegExp][] = [
      ['kind', (d) => (d.kind = 'firmware'), /kind must be application or ui/],
      ['sha256', (d) => delete d.sha256, /sha256/],
      ['size', (d) => (d.size = -1), /size must be an integer ≥ 0/],
      ['window time', (d) => (d.maintenance_window.start = '24:00'), /HH:mm/],
      ['time zone', (d) => (d.maintenance_window.time_zone = 'Mars/Olympus'), /IANA time zone/],
      ['attempt', (d) => (d.attempt = 0), /attempt must be an integer ≥ 1/],
    ];
    for (const [what, breakIt, message] of broken) {
      const payload = example('softwareUpdateCommand');
      breakIt(payload.data);
      const result = validateTerminalMessage('lockerCommand', payload);
      expect(result.ok, what).toBe(false);
      expect(!result.ok && result.reason, what).toMatch(message);
    }
  });

  it('accepts every progress state, and a failure only with its reason', () => {
    for (const state of SOFTWARE_UPDATE_PROGRESS_STATES) {
      const payload = example('softwareUpdateProgressEvent');
      payload.data.state = state;
      if (state === 'failed') payload.data.reason = 'checksum-mismatch';
      expect(validateTerminalMessage('lockerEvent', payload), state).toMatchObject({ ok: true, message: 'softwareUpdateProgressEvent' });
    }
    const failed = example('softwareUpdateProgressEvent');
    failed.data.state = 'failed';
    const result = validateTerminalMessage('lockerEvent', failed);
    expect(!result.ok && result.reason).toMatch(/a failed update says why/);
    // Inside an offline batch too.
    const batch = example('offlineBatchEvent');
    batch.data.events = [example('softwareUpdateProgressEvent')];
    expect(validateTerminalMessage('lockerEvent', batch).ok).toBe(true);
  });

  it('reads INVALID_COMMAND to software_update as "not supported" (shown not updatable), never as failed', () => {
    expect(
      classifyTerminalResponse({ action: 'software_update', result: 'error', error_code: 'INVALID_COMMAND', message: 'Unknown action' })
        .kind,
    ).toBe('unsupported');
    expect(SOFTWARE_UPDATE_TRANSITIONS.sent).toContain('not-updatable');
  });
});

describe('software update: the per-locker state machine', () => {
  it('names every state once, every move lands on a state, and final states go nowhere but a retry', () => {
    expect(new Set(SOFTWARE_UPDATE_STATES).size).toBe(SOFTWARE_UPDATE_STATES.length);
    expect(Object.keys(SOFTWARE_UPDATE_TRANSITIONS).sort()).toEqual([...SOFTWARE_UPDATE_STATES].sort());
    for (const targets of Object.values(SOFTWARE_UPDATE_TRANSITIONS))
      for (const to of targets) expect(SOFTWARE_UPDATE_STATES).toContain(to);
    for (const state of SOFTWARE_UPDATE_FINAL_STATES) {
      expect(isFinalSoftwareUpdateState(state)).toBe(true);
      for (const to of SOFTWARE_UPDATE_TRANSITIONS[state]) expect(['sent', 'succeeded', 'already-installed']).toContain(to);
    }
    expect(isFinalSoftwareUpdateState('waiting-idle')).toBe(false);
  });

  it('applies progress forward only: a replay, a late event or another attempt’s is dropped', () => {
    let tracking = { state: 'sent' as const, attempt: 2, sequence: 0 } as Parameters<typeof applySoftwareUpdateProgress>[0];
    const step = (state: (typeof SOFTWARE_UPDATE_PROGRESS_STATES)[number], sequence: number, attempt = 2) =>
      applySoftwareUpdateProgress(tracking, { state, sequence, attempt });

    const downloaded = step('downloaded', 2); // downloading (1) was lost or arrives later
    expect(downloaded).toMatchObject({ apply: true, next: { state: 'downloaded', sequence: 2 } });
    if (downloaded.apply) tracking = downloaded.next;
    expect(step('downloading', 1)).toEqual({ apply: false, reason: 'stale' });
    expect(step('downloaded', 2)).toEqual({ apply: false, reason: 'stale' });
    expect(step('installing', 9, 1)).toEqual({ apply: false, reason: 'otherAttempt' });
    expect(step('downloaded', 3)).toEqual({ apply: false, reason: 'unchanged' });
    expect(step('downloading', 4)).toEqual({ apply: false, reason: 'notAllowed' });
    const succeeded = step('succeeded', 5);
    expect(succeeded.apply).toBe(true);
    if (succeeded.apply) tracking = succeeded.next;
    expect(step('failed', 6)).toEqual({ apply: false, reason: 'notAllowed' });
  });

  it('is drawn in docs/terminal-link.md exactly as declared, every state named there', () => {
    const doc = readFileSync(new URL('../../../docs/terminal-link.md', import.meta.url), 'utf8');
    expect(doc).toContain(`\`\`\`mermaid\n${renderSoftwareUpdateDiagram()}\n\`\`\``);
    for (const state of SOFTWARE_UPDATE_STATES) expect(doc).toContain(`\`${state}\``);
  });

  it('retries download failures and silence up to the attempt limit, never an install failure', () => {
    expect(canRetrySoftwareUpdate({ state: 'failed', attempt: 1, reason: 'checksum-mismatch' })).toBe(true);
    expect(canRetrySoftwareUpdate({ state: 'failed', attempt: 2, reason: 'download-failed' })).toBe(true);
    expect(canRetrySoftwareUpdate({ state: 'timed-out', attempt: 1 })).toBe(true);
    expect(canRetrySoftwareUpdate({ state: 'failed', attempt: SOFTWARE_UPDATE_MAX_ATTEMPTS, reason: 'download-failed' })).toBe(false);
    expect(canRetrySoftwareUpdate({ state: 'failed', attempt: 1, reason: 'install-failed' })).toBe(false);
    expect(canRetrySoftwareUpdate({ state: 'succeeded', attempt: 1 })).toBe(false);
  });
});

describe('maintenance window', () => {
  const window = (start: string, end: string, time_zone = 'America/Sao_Paulo') => ({ start, end, time_zone });
  it('is read in the locker’s time zone, start included and end excluded', () => {
    // 05:30 UTC is 02:30 in São Paulo (UTC-3).
    expect(isWithinMaintenanceWindow(window('02:00', '05:00'), new Date('2026-12-03T05:30:00Z'))).toBe(true);
    expect(isWithinMaintenanceWindow(window('02:00', '05:00'), new Date('2026-12-03T05:00:00Z'))).toBe(true);
    expect(isWithinMaintenanceWindow(window('02:00', '05:00'), new Date('2026-12-03T08:00:00Z'))).toBe(false);
    expect(isWithinMaintenanceWindow(window('02:00', '05:00', 'UTC'), new Date('2026-12-03T05:30:00Z'))).toBe(false);
  });

  it('crosses midnight when its end comes before its start, and is the whole day when both are equal', () => {
    const overnight = window('22:00', '04:00', 'UTC');
    expect(isWithinMaintenanceWindow(overnight, new Date('2026-12-03T23:10:00Z'))).toBe(true);
    expect(isWithinMaintenanceWindow(overnight, new Date('2026-12-03T03:59:00Z'))).toBe(true);
    expect(isWithinMaintenanceWindow(overnight, new Date('2026-12-03T12:00:00Z'))).toBe(false);
    expect(isWithinMaintenanceWindow(window('00:00', '00:00', 'UTC'), new Date('2026-12-03T12:00:00Z'))).toBe(true);
  });
});
