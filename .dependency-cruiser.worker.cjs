/**
 * Issue 26: `npm run worker` runs jobs without the HTTP server. What the worker process really loads
 * is what it imports at run time: type-only imports are erased and a module's routes are loaded by
 * a dynamic import only where HTTP is served (platform/modules.ts `routes`), so both are left out here.
 */
const base = require('./.dependency-cruiser.cjs');

module.exports = {
  forbidden: [
    {
      name: 'worker-without-http',
      severity: 'error',
      comment: 'npm run worker runs jobs: it must not load Fastify, its plugins or a route module.',
      from: { path: '^apps/api/src/worker\\.ts$' },
      to: { path: '(node_modules/(fastify|@fastify)/|^apps/api/src/.*routes\\.ts$)', reachable: true },
    },
  ],
  options: {
    ...base.options,
    tsPreCompilationDeps: false,
    exclude: { ...base.options.exclude, dynamic: true },
  },
};
