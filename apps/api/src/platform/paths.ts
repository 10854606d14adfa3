import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API's folder (apps/api), found by walking up from this module to the folder holding the
 * committed migrations: the same code runs from src (tsx, tests) and bundled into dist/main.js, so
 * a fixed relative path would be right in only one of them.
 */
function findApiDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'drizzle', 'meta'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no drizzle migrations folder above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
}

export const API_DIR = findApiDir();
export const ROOT_DIR = path.resolve(API_DIR, '../..');
