import type { EntityRecord } from '../../kit/entity-api';

export type SizeCounts = {
  size: string;
  free: number;
  occupied: number;
  booked: number;
  unavailable: number;
  total: number;
  volume: number;
};

function volumeOf(row: EntityRecord): number {
  const volume = Number(row.width) * Number(row.height) * Number(row.depth);
  return Number.isFinite(volume) ? volume : 0;
}

/**
 * The locker's compartments by size: free (available and enabled), occupied, booked, and out of use
 * (locked, dirty or disabled: none takes a parcel). Sizes smallest first by their compartments'
 * volume, since codes (P, M, G, GG) do not sort by size.
 */
export function countBySize(rows: EntityRecord[]): SizeCounts[] {
  const bySize = new Map<string, SizeCounts>();
  for (const row of rows) {
    const size = String(row.size ?? '');
    const entry = bySize.get(size) ?? { size, free: 0, occupied: 0, booked: 0, unavailable: 0, total: 0, volume: 0 };
    bySize.set(size, entry);
    entry.total += 1;
    entry.volume = Math.max(entry.volume, volumeOf(row));
    const status = row.status ?? 'AVAILABLE';
    if (status === 'OCCUPIED') entry.occupied += 1;
    else if (status === 'BOOKED') entry.booked += 1;
    else if (status === 'AVAILABLE' && row.enable !== false) entry.free += 1;
    else entry.unavailable += 1;
  }
  return [...bySize.values()].sort((a, b) => a.volume - b.volume || a.size.localeCompare(b.size));
}
