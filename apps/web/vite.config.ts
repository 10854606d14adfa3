import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [react(), precompressBuild()],
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
      output: {
        codeSplitting: {
          // Left to itself the bundler cut shared code into many small chunks (a list's first
          // screen fetched 79 files). React, the router, react-query and i18next, which every screen runs,
          // are one chunk; library code shared by 20 screens or more is another. Everything else
          // stays split per route, so the sign-in page does not carry the lists' table or exceljs.
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|use-sync-external-store)[\\/]/,
              priority: 2,
            },
            { name: 'shared-libs', test: /node_modules[\\/]/, minShareCount: 20, priority: 1 },
          ],
        },
      },
    },
  },
});
