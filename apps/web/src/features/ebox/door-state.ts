/**
 * A compartment's door on the locker face, from two sources that arrive in any order: the pushed
 * door reports (GET /live) and the compartment rows read again after them. Each carries the time
 * the terminal saw the door; the newer one is the door. A report can come after a newer one (events
 * a locker held while offline come after its fresh snapshot, a report published by one API process
 * after another's), and a row can be read before or after the report it follows, so neither may
 * simply replace the other: that was issue 14's flicker (open, closed, open again).
 */

/** Doors as the pushed events told them, by compartment id. */
export type LiveDoors = Record<string, { open: boolean; at: string }>;

function timeOf(value: unknown): number {
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/** The doors with `report` for `compartimentId`, unless a newer report of that door is held already. */
export function mergeDoorReport(doors: LiveDoors | undefined, compartimentId: string, report: { open: boolean; at: string }): LiveDoors {
  const held = doors?.[compartimentId];
  if (held && timeOf(held.at) > timeOf(report.at)) return doors;
  return { ...doors, [compartimentId]: report };
}

/** The door as the latest word about it says: the pushed report unless the row holds a newer one. */
export function doorOpenOf(row: { id: string; doorOpen?: unknown; doorChangedAt?: unknown }, doors: LiveDoors | undefined): boolean {
  const live = doors?.[row.id];
  if (live && timeOf(live.at) >= timeOf(row.doorChangedAt)) return live.open;
  return row.doorOpen === true;
}
