import { describe, expect, it } from 'vitest';
import { doorOpenOf, type LiveDoors, mergeDoorReport } from '../src/features/ebox/door-state';

/**
 * Issue 14's flicker on the locker face: a door shown open, then closed, then open again after
 * live door reports, because a late report replaced a newer one. The face must show the newest word
 * about each door whatever order the reports and the re-read rows arrive in.
 */

const ID = 'c1';
const at = (second: number) => `2026-11-24T10:00:${String(second).padStart(2, '0')}.000Z`;

describe('the door on the locker face', () => {
  it('keeps the newest report when an older one arrives after it (events held offline, after the fresh snapshot)', () => {
    let doors: LiveDoors | undefined;
    doors = mergeDoorReport(doors, ID, { open: true, at: at(1) });
    doors = mergeDoorReport(doors, ID, { open: false, at: at(3) });
    doors = mergeDoorReport(doors, ID, { open: true, at: at(2) });
    expect(doorOpenOf({ id: ID, doorOpen: true, doorChangedAt: at(1) }, doors)).toBe(false);
    doors = mergeDoorReport(doors, ID, { open: true, at: at(4) });
    expect(doorOpenOf({ id: ID, doorOpen: false, doorChangedAt: at(3) }, doors)).toBe(true);
  });

  it('shows each step of a door opened then closed the same, whichever comes first: the report or the re-read row', () => {
    const shown: boolean[] = [];
    let doors: LiveDoors | undefined;
    let row = { id: ID, doorOpen: false, doorChangedAt: at(0) };
    const look = () => {
      const open = doorOpenOf(row, doors);
      if (shown.at(-1) !== open) shown.push(open);
    };
    look();
    doors = mergeDoorReport(doors, ID, { open: true, at: at(1) });
    look();
    // a row read before the report was stored, then the row with it
    look();
    row = { id: ID, doorOpen: true, doorChangedAt: at(1) };
    look();
    // the door closes: the row read again first this time, then the report
    row = { id: ID, doorOpen: false, doorChangedAt: at(5) };
    look();
    doors = mergeDoorReport(doors, ID, { open: false, at: at(5) });
    look();
    // a late copy of the opening (another process, a replay) changes nothing
    doors = mergeDoorReport(doors, ID, { open: true, at: at(1) });
    look();
    expect(shown).toEqual([false, true, false]);
  });

  it('takes the row when no report is held, or when the row is newer', () => {
    expect(doorOpenOf({ id: ID, doorOpen: true, doorChangedAt: at(2) }, undefined)).toBe(true);
    expect(doorOpenOf({ id: ID, doorOpen: true, doorChangedAt: at(2) }, { [ID]: { open: false, at: at(1) } })).toBe(true);
    expect(doorOpenOf({ id: ID, doorOpen: false, doorChangedAt: null }, { [ID]: { open: true, at: at(1) } })).toBe(true);
  });
});
