import { DECLARED_ENTITIES } from '@ebox/domain';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../kit/entity-labels';
import './messages';

const release = DECLARED_ENTITIES.terminalUiRelease;

/** How a locker's update state reads at a glance; the word is always there too (colour is not the only sign). */
const STATE_COLORS: Record<string, string> = {
  waiting: 'default',
  sent: 'processing',
  downloading: 'processing',
  downloaded: 'processing',
  'waiting-idle': 'warning',
  installing: 'processing',
  succeeded: 'success',
  'already-installed': 'success',
  failed: 'error',
  'timed-out': 'error',
  skipped: 'default',
  'not-updatable': 'default',
};

const STATUS_COLORS: Record<string, string> = {
  SCHEDULED: 'blue',
  RUNNING: 'processing',
  PAUSED: 'warning',
  COMPLETED: 'success',
  CANCELED: 'default',
};

/** What a count of lockers in each state means for a stage: the API's tally (packages/domain releases/stages.ts) in the screen's words. */
export type LockerCounts = { succeeded: number; failed: number; inProgress: number; waiting: number; other: number; total: number };

export function countOf(states: readonly string[]): LockerCounts {
  const counts: LockerCounts = { succeeded: 0, failed: 0, inProgress: 0, waiting: 0, other: 0, total: states.length };
  for (const state of states) {
    if (state === 'succeeded' || state === 'already-installed') counts.succeeded += 1;
    else if (state === 'failed' || state === 'timed-out') counts.failed += 1;
    else if (state === 'waiting') counts.waiting += 1;
    else if (state === 'skipped' || state === 'not-updatable') counts.other += 1;
    else counts.inProgress += 1;
  }
  return counts;
}

export function stateLabel(t: TFunction, state: string): string {
  return t(`releasePage.states.${state}`, { defaultValue: state });
}

/**
 * The terminal's reason of a failure in words: the API keeps `reason` or `reason: detail` (the
 * terminal's own words); a known reason is translated, an unknown one (a newer terminal's) shown as is.
 */
export function reasonText(t: TFunction, reason: string | null | undefined): string {
  if (!reason) return '';
  const split = reason.indexOf(': ');
  const code = split >= 0 ? reason.slice(0, split) : reason;
  const detail = split >= 0 ? reason.slice(split + 2) : '';
  const known = t(`releasePage.reasons.${code}`, { defaultValue: '' });
  if (!known) return reason;
  return detail ? `${known} (${detail})` : known;
}

export function UpdateStateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLORS[state] ?? 'default'} data-testid="update-state" data-state={state}>
      {stateLabel(t, state)}
    </Tag>
  );
}

export function ReleaseStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status] ?? 'default'} data-testid="release-status" data-status={status}>
      {enumLabel(t, release, 'status', status)}
    </Tag>
  );
}
