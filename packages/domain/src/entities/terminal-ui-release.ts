import { defineEntity } from '../kit/entity';
import { RELEASE_PAUSE_REASONS, RELEASE_STATUSES } from '../releases/lifecycle';

/** Which of a company's lockers a release reaches: all of them, a locker group's, a cluster's, or a list. */
export const RELEASE_TARGETS = ['all', 'group', 'cluster', 'ebox'] as const;
export type ReleaseTarget = (typeof RELEASE_TARGETS)[number];

const filled = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && !value.length);

/**
 * A software release (spec 3 "release", issue 31): a terminal application version or a terminal UI
 * build sent to a company's lockers at `scheduledAt`, in stages (packages/domain/src/releases).
 * Spec 7.3 names its resource terminalUiRelease and spec 6 its permissions; its screens are /release
 * (spec 2.6). Its status moves only through its lifecycle (releases/lifecycle.ts): the job at
 * scheduledAt, the lockers' progress, and the actions pause, resume, cancel and retryFailed; a
 * person edits it only while SCHEDULED. Each targeted locker's progress is a row of the API's
 * terminal_release_target table (GET /terminalUiRelease/{id}/lockers); docs/releases.md.
 */
export const terminalUiRelease = defineEntity({
  name: 'terminalUiRelease',
  path: 'terminalUiRelease',
  table: 'terminal_release',
  labelField: 'identification',
  naturalKey: ['identification'],
  scope: { kind: 'company', field: 'company' },
  fields: {
    identification: { type: 'text', required: true, max: 255 },
    description: { type: 'text', max: 21845, multiline: true },
    company: { type: 'relation', entity: 'company', required: true },
    /**
     * What is sent: a terminal application version, a terminal UI build, or both (at least one).
     * Today only the UI build travels (docs/releases.md "Not done yet").
     */
    version: { type: 'relation', entity: 'version', filterBy: 'company' },
    terminalUiVersion: { type: 'relation', entity: 'terminalUiVersion', filterBy: 'company' },
    target: { type: 'enum', options: RELEASE_TARGETS, required: true, initial: 'all' },
    group: { type: 'relation', entity: 'group' },
    cluster: { type: 'relation', entity: 'cluster', filterBy: 'company' },
    ebox: { type: 'relation', entity: 'ebox', multiple: true, max: 10_000, filterBy: 'company' },
    scheduledAt: { type: 'dateTime', required: true },
    status: { type: 'enum', options: RELEASE_STATUSES, readOnly: true },
    pauseReason: { type: 'enum', options: RELEASE_PAUSE_REASONS, readOnly: true },
    /** The stage last commanded (0: the canary); null before the start. */
    currentStage: { type: 'integer', readOnly: true },
    /** How many stages the start planned, and over how many lockers. */
    stageCount: { type: 'integer', readOnly: true },
    lockerCount: { type: 'integer', readOnly: true },
    startedAt: { type: 'dateTime', readOnly: true },
    finishedAt: { type: 'dateTime', readOnly: true },
    /** The release whose failed lockers this one retries ("retry the failed lockers"). */
    retryOf: { type: 'relation', entity: 'terminalUiRelease', readOnly: true },
    createdBy: { type: 'text', readOnly: true, max: 255, actor: true },
  },
  rules: [
    {
      message: 'entities.terminalUiRelease.errors.oneBuild',
      path: 'version',
      check: (data) => !('version' in data || 'terminalUiVersion' in data) || filled(data.version) || filled(data.terminalUiVersion),
    },
    {
      message: 'entities.terminalUiRelease.errors.groupRequired',
      path: 'group',
      check: (data) => data.target !== 'group' || filled(data.group),
    },
    {
      message: 'entities.terminalUiRelease.errors.clusterRequired',
      path: 'cluster',
      check: (data) => data.target !== 'cluster' || filled(data.cluster),
    },
    {
      message: 'entities.terminalUiRelease.errors.eboxRequired',
      path: 'ebox',
      check: (data) => data.target !== 'ebox' || filled(data.ebox),
    },
  ],
  listColumns: ['identification', 'company', 'status', 'scheduledAt', 'target', 'lockerCount', 'createdAt'],
  filters: ['identification', 'company', 'status', 'target', 'version', 'terminalUiVersion', 'scheduledAt', 'createdAt'],
  importColumns: [],
  noImport: true,
  defaultOrderBy: 'scheduledAt_DESC',
  routes: {
    actions: {
      /** A person pauses a running release: no locker is commanded until it resumes. */
      pause: { permission: 'terminalUiReleaseEdit' },
      resume: { permission: 'terminalUiReleaseEdit' },
      /** Before the start or between stages (spec 4.1 CANCELED). */
      cancel: { permission: 'terminalUiReleaseEdit' },
      /** A follow-up release of only this one's failed (and timed-out) lockers; answers the new release. */
      retryFailed: { permission: 'terminalUiReleaseCreate' },
    },
  },
});
