import { ok } from './answers';
import type { TestUser } from './test-app';

/** Compartments 1..count of a locker, size P, wired to board 1 in order: their ids, by number. */
export async function addCompartments(owner: TestUser, lockerId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let number = 1; number <= count; number++) {
    const compartment = ok(
      await owner.api.post('/compartiment', {
        data: {
          ebox: lockerId,
          number,
          boardNumber: 1,
          numberInColumn: number,
          comNumber: number,
          size: 'P',
          width: 1,
          height: 1,
          depth: 1,
          enable: true,
        },
      }),
    );
    ids.push(compartment.id as string);
  }
  return ids;
}
