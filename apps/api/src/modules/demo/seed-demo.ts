import type { Db } from '../../platform/db/client';

/** Loads the demo data set once (first start); answers whether it loaded anything. */
export async function seedDemoData(_db: Db): Promise<boolean> {
  return false;
}
