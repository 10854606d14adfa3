import type { EntityRecord } from '../../kit/entity-api';

/** What a building calls its levels (spec 3 building.level1/level2), when it says. */
export function levelNameOf(building: EntityRecord | undefined, level: 'level1' | 'level2'): string | undefined {
  const name = building?.[level];
  return typeof name === 'string' && name.trim() ? name.trim() : undefined;
}
