import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderOrderLifecycleDoc } from '../src/orders/lifecycle-diagram';

/**
 * Writes docs/order-lifecycle.md from the order lifecycle declaration (`npm run orders:docs`). With
 * --check it writes nothing and fails when the committed file is stale, as the domain test does.
 */
export const ORDER_LIFECYCLE_DOC_PATH = resolve(dirname(fileURLToPath(import.meta.url)), '../../../docs/order-lifecycle.md');

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rendered = renderOrderLifecycleDoc();
  if (process.argv.includes('--check')) {
    if (readFileSync(ORDER_LIFECYCLE_DOC_PATH, 'utf8') !== rendered) {
      console.error(`${ORDER_LIFECYCLE_DOC_PATH} is stale: run npm run orders:docs`);
      process.exit(1);
    }
  } else {
    writeFileSync(ORDER_LIFECYCLE_DOC_PATH, rendered);
    console.log(`wrote ${ORDER_LIFECYCLE_DOC_PATH}`);
  }
}
