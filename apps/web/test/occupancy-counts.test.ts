import { describe, expect, it } from 'vitest';
import { countBySize } from '../src/features/ebox/occupancy-counts';

describe("a locker's occupancy by size", () => {
  it('counts free (available and enabled), occupied, booked and out of use (locked, dirty or disabled), smallest size first', () => {
    const door = (size: string, status: string, enable = true, height = size === 'G' ? 36 : 12) => ({
      id: `${size}-${status}-${Math.random()}`,
      size,
      status,
      enable,
      width: 40,
      height,
      depth: 50,
    });
    const sizes = countBySize([
      door('G', 'AVAILABLE'),
      door('P', 'AVAILABLE'),
      door('P', 'AVAILABLE', false),
      door('P', 'OCCUPIED'),
      door('P', 'BOOKED'),
      door('P', 'DAMAGE'),
      door('P', 'DIRTY'),
    ]);
    expect(sizes.map(({ volume: _volume, ...counts }) => counts)).toEqual([
      { size: 'P', free: 1, occupied: 1, booked: 1, unavailable: 3, total: 6 },
      { size: 'G', free: 1, occupied: 0, booked: 0, unavailable: 0, total: 1 },
    ]);
  });
});
