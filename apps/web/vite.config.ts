import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, runnerImport } from 'vite';
import type { Dictionary } from '../../packages/domain/src/i18n/dictionary';

const apiPort = process.env.PORT ?? '8080';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside each text file of the build, at the strongest levels:
 * the API sends them as they are (@fastify/static `preCompressed`), so compressing once here costs
 * a few seconds of build and no CPU per request. A file that would not shrink keeps no sibling.
 */
function precompressBuild(): Plugin {
  return {
    name: 'ebox-precompress',
    apply: 'build',
    async writeBundle(options) {
      const outDir = options.dir ?? 'dist';
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const raw = await readFile(file);
          const [br, gz] = await Promise.all([
            compressBrotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
            compressGzip(raw, { level: 9 }),
          ]);
          if (br.length < raw.length) await writeFile(`${file}.br`, br);
          if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

const MESSAGES = 'virtual:ebox-messages/';

type DictionaryModule = {
  dictionaryOf: (areas: Dictionary[]) => Dictionary;
  splitScreenMessages: (dictionary: Dictionary) => { console: Dictionary; parts: Record<string, Dictionary> };
};

/**
 * `virtual:ebox-messages/<part>/<language>`, a language's messages as JSON modules, cut by who needs
 * them: `public`, the public screens' areas (packages/domain/src/i18n/<language>/public.ts), all a
 * visitor without a session loads; `console`, every area but the words of SCREEN_MESSAGE_PARTS
 * (packages/domain/src/i18n/dictionary.ts), loaded with the signed-in console's first screen; and
 * each of those parts (`form-hints`, `role-descriptions`), in its screens' chunks. Built here
 * rather than imported from the area files, so no area file is cut out into a chunk of its own that
 * several parts would import.
 */
function messageParts(): Plugin {
  const i18nFolder = fileURLToPath(new URL('../../packages/domain/src/i18n/', import.meta.url));
  // The area files are TypeScript with extensionless imports: Vite's own module runner reads them.
  const load = async <T>(file: string) =>
    (await runnerImport<T>(path.join(i18nFolder, file), { configFile: false, logLevel: 'warn' })).module;
  const dictionaryOfPart = async (part: string, language: string): Promise<Dictionary> => {
    const { dictionaryOf, splitScreenMessages } = await load<DictionaryModule>('dictionary.ts');
    if (part === 'public') return dictionaryOf((await load<{ publicAreas: Dictionary[] }>(`${language}/public.ts`)).publicAreas);
    const whole = splitScreenMessages(dictionaryOf((await load<{ areas: Dictionary[] }>(`${language}/index.ts`)).areas));
    const found = part === 'console' ? whole.console : whole.parts[part];
    if (!found) throw new Error(`no message part ${part}`);
    return found;
  };
  return {
    name: 'ebox-message-parts',
    resolveId: (id) => (id.startsWith(MESSAGES) ? `\0${id}` : undefined),
    async load(id) {
      if (!id.startsWith(`\0${MESSAGES}`)) return undefined;
      const [part = '', language = ''] = id.slice(MESSAGES.length + 1).split('/');
      if (!/^[a-zA-Z-]+$/.test(language)) throw new Error(`no messages for ${id}`);
      return `export default ${JSON.stringify(await dictionaryOfPart(part, language))};`;
    },
  };
}

/** `@handlebars/parser` loaded on first use: see src/bundling/handlebars-parser.ts (which imports the real one). */
function lazyHandlebarsParser(): Plugin {
  const shim = fileURLToPath(new URL('./src/bundling/handlebars-parser.ts', import.meta.url));
  return {
    name: 'ebox-lazy-handlebars-parser',
    enforce: 'pre',
    resolveId: (id, importer) => (id === '@handlebars/parser' && importer && path.resolve(importer) !== shim ? shim : undefined),
  };
}

// Not use-sync-external-store's with-selector: only the dashboard's charts (react-redux, under
// Recharts) use it, and in this group it would load with every first screen.
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|use-sync-external-store(?![\\/](?:with-selector|shim[\\/]with-selector|cjs[\\/]use-sync-external-store-(?:shim[\\/])?with-selector)))[\\/]/;

/** Matches the given modules of the console's src/ folder (a chunk group's roots). */
function rootsOf(...files: string[]): (id: string) => boolean {
  const roots = files.map((file) => `/apps/web/src/${file}`);
  return (id) => roots.some((root) => id.replaceAll('\\', '/').endsWith(root));
}

const PUBLIC_ROOTS = rootsOf('app/providers.tsx', 'app/router.tsx');
const CONSOLE_ROOTS = rootsOf('app/console-pages.ts');

export default defineConfig({
  plugins: [react(), messageParts(), lazyHandlebarsParser(), precompressBuild()],
  resolve: {
    // See src/bundling/rc-component-form.ts: the package's index without its side effects.
    alias: [{ find: /^@rc-component\/form$/, replacement: fileURLToPath(new URL('./src/bundling/rc-component-form.ts', import.meta.url)) }],
  },
  server: {
    port: 5173,
    proxy: { '/io': `http://localhost:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // The first-screen test reads which chunks a route loads (e2e/first-screen.test.ts).
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // antd's packages say their modules have no side effects (package.json sideEffects);
        // its @rc-component ones do not, so a barrel import kept every module behind it (the
        // Input's FormProvider brought the whole form store and its validator to sign-in).
        moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]|src[\\/]bundling[\\/]/, sideEffects: false }],
      },
      output: {
        // Hex file-name hashes: every chunk lists the names of the chunks it loads (import() and
        // __vite__mapDeps), and a base64 hash's random characters compress worse, by some hundred
        // bytes on a list's first screen, an amount that moved with every build.
        hashCharacters: 'hex',
        codeSplitting: {
          // A first screen fetches a handful of files, each cut along what a visitor opens first
          // (left to itself the bundler cut shared code per combination of routes: a list's first
          // screen fetched 66 files). A group takes the modules its roots import, transitively,
          // that a group of higher priority did not take (includeDependenciesRecursively):
          // - framework: React, the router, react-query and i18next, which every screen runs, and
          //   the bundler's runtime helpers;
          // - public: what the entry starts (providers, the router with the sign-in page) with
          //   everything it imports (antd's core and the few components sign-in draws): what a
          //   signed-out visitor needs. Not main.tsx itself: it awaits the messages' chunk, which
          //   imports from this one, and a chunk waiting on a chunk that imports it never starts;
          // - entities: the entity routes and the declarations behind them, fetched as the console
          //   starts with a stored session (app/router.tsx);
          // - console: the private layout and the kit's list (app/console-pages.ts), the rest of a
          //   list's first screen.
          // Every other page stays split by the bundler: forms, views and importers load on use.
          groups: [
            { name: 'framework', test: (id) => FRAMEWORK.test(id) || id.includes('rolldown/runtime'), priority: 4 },
            { name: 'public', test: PUBLIC_ROOTS, priority: 3 },
            { name: 'entities', test: rootsOf('app/entity-routes.ts'), priority: 2 },
            {
              name: 'console',
              // Each language's entity nouns are shared by its dictionary (the role names) and the
              // role screens' permission wording: a file of their own otherwise.
              test: (id) => CONSOLE_ROOTS(id) || /\/i18n\/[^/]+\/entity-nouns\.ts$/.test(id.replaceAll('\\', '/')),
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
