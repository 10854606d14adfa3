import { z } from 'zod';
import { SOFTWARE_UPDATE_KINDS, SOFTWARE_UPDATE_STATES } from '../terminal/software-update';

/**
 * The answers of the two software reads beyond the release's own (issue 31), declared once so the
 * API's OpenAPI document and the screens share them:
 * - `GET /ebox/{id}/software-history`: every release that reached a locker, newest first;
 * - `GET /terminalUiRelease/fleet`: how many lockers run each application and UI version.
 */

/** One release's passage through one locker. */
export const softwareHistoryRowSchema = z.object({
  releaseId: z.string(),
  releaseName: z.string(),
  /** What the release sends: the UI build when it has one, else the application version. */
  kind: z.enum(SOFTWARE_UPDATE_KINDS),
  /** The UI build's identification or the application version's number (its identification when it has none). */
  version: z.string().nullable(),
  /** The application version the locker reported when the release started. */
  previousVersion: z.string().nullable(),
  state: z.enum(SOFTWARE_UPDATE_STATES),
  reason: z.string().nullable(),
  attempt: z.number().int(),
  sentAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type SoftwareHistoryRow = z.infer<typeof softwareHistoryRowSchema>;

export const softwareHistoryAnswerSchema = z.object({ rows: z.array(softwareHistoryRowSchema), count: z.number().int() });
export type SoftwareHistoryAnswer = z.infer<typeof softwareHistoryAnswerSchema>;

/** How many lockers report a version; null: never reported ("unknown"). */
export const fleetVersionCountSchema = z.object({ version: z.string().nullable(), lockers: z.number().int() });
export type FleetVersionCount = z.infer<typeof fleetVersionCountSchema>;

export const fleetVersionsAnswerSchema = z.object({
  /** Lockers counted (those the caller may see, of the filtered company). */
  total: z.number().int(),
  /** Oldest version first (compareVersions), unknown last. */
  application: z.array(fleetVersionCountSchema),
  ui: z.array(fleetVersionCountSchema),
  /** The oldest version still reported by a locker; null when none reported one. */
  oldestApplication: z.string().nullable(),
  oldestUi: z.string().nullable(),
});
export type FleetVersionsAnswer = z.infer<typeof fleetVersionsAnswerSchema>;

/**
 * What a reported version sorts by: its dotted numbers as an int[] (the API's versionSortKeyOf does
 * the same in SQL), so 1.9.2 comes before 1.10.0 and 1.10 before 1.10.0. A leading "v" is ignored;
 * anything after the numbers ("-beta") sorts after the bare numbers, as text.
 */
export function versionSortKey(version: string): { numbers: number[]; rest: string } {
  const match = /^v?(\d+(?:\.\d+)*)(.*)$/i.exec(version.trim());
  if (!match) return { numbers: [], rest: version };
  return { numbers: (match[1] ?? '').split('.').map(Number), rest: match[2] ?? '' };
}

/** Orders two versions as versions (1.9.2 < 1.10.0 < 1.10.0-rc, then as text); text that is no version sorts first. */
export function compareVersions(a: string, b: string): number {
  const left = versionSortKey(a);
  const right = versionSortKey(b);
  const length = Math.max(left.numbers.length, right.numbers.length);
  for (let index = 0; index < length; index += 1) {
    const x = left.numbers[index];
    const y = right.numbers[index];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x !== y) return x - y;
  }
  return left.rest < right.rest ? -1 : left.rest > right.rest ? 1 : 0;
}

/** Counts per version sorted oldest first, unknown (null) last. */
export function sortFleetVersions(counts: readonly FleetVersionCount[]): FleetVersionCount[] {
  return [...counts].sort((a, b) => {
    if (a.version === null) return b.version === null ? 0 : 1;
    if (b.version === null) return -1;
    return compareVersions(a.version, b.version);
  });
}
