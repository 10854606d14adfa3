/**
 * Issue 26: the import rules the folders promise, checked by `npm run lint` (dependency-cruiser).
 * Type-only imports count: a cycle through a type still ties the files together.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'An import cycle in the API or the web: the files can no longer be read, loaded or tested one at a time.',
      from: { path: '^apps/(api|web)/src/', pathNot: '^apps/api/src/platform/' },
      // A lazily loaded job handler (import() in its declaration) closes no loading cycle.
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
    {
      name: 'no-runtime-cycle-in-platform',
      severity: 'error',
      comment:
        "The service context's types describe one another (a context carries AppDeps, whose module registry holds " +
        'policies and jobs that take a context): those type-only imports may loop inside platform/, erased at run ' +
        'time; any cycle with a run-time import, or reaching outside platform/ (the rule above), fails.',
      from: { path: '^apps/api/src/platform/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only', 'dynamic-import'] } },
    },
    {
      name: 'api-kit-and-platform-stay-generic',
      severity: 'error',
      comment: 'The kit and platform serve every module: they ask the deps for a module rule (AppDeps.modules), never import one.',
      from: { path: '^apps/api/src/(kit|platform)/' },
      to: { path: '^apps/api/src/(modules/|composition\\.ts$|app\\.ts$)' },
    },
    {
      name: 'web-kit-stays-generic',
      severity: 'error',
      comment: 'The web kit learns the entities with pages of their own from the registry the app fills; it never imports a feature.',
      from: { path: '^apps/web/src/kit/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'app-only-from-main',
      severity: 'error',
      comment: 'app.ts builds the HTTP server: only main.ts (and tests) start it; everything else takes AppDeps from platform.',
      from: { path: '^apps/api/src/', pathNot: '^apps/api/src/main\\.ts$' },
      to: { path: '^apps/api/src/app\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(\\.test\\.tsx?$|/test/|/e2e/|/dist/)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
