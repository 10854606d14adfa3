import { randomInt } from 'node:crypto';
import type { EntityPolicy } from '../../kit/policies';
import { findEboxCode } from './repository';

/** A new access code: six digits, as a keypad types it (spec 5.3: exactly 6). */
function generateAccessCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * A new order starts CREATED (the lifecycle machine moves it from there) with an access code; its
 * eboxCode follows its locker, so it reads, filters and exports by it and an export imports again.
 */
export const orderPolicy: EntityPolicy = {
  async beforeWrite(ctx, { before, data }) {
    if (!before) {
      data.status = 'CREATED';
      if (!data.accessCode) data.accessCode = generateAccessCode();
    }
    if (data.ebox !== undefined) data.eboxCode = typeof data.ebox === 'string' ? await findEboxCode(ctx.tx, data.ebox) : null;
  },
};
