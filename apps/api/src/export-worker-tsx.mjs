// The export worker under the TypeScript sources (tests, tsx): a worker thread does not inherit
// its parent's loaders, so tsx is registered here before the .ts entry is imported. The build
// bundles export-worker.ts as dist/export-worker.js, which needs none of this.
import { register } from 'tsx/esm/api';

register();
await import('./export-worker.ts');
