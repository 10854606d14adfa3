/**
 * Builds what `npm start` runs: the console (vite build into apps/web/dist), the API (esbuild
 * bundles, apps/api/dist/main.js, `npm run worker`'s worker.js and the export worker thread's export-worker.js, with the workspace's TypeScript packages inside and the
 * npm packages left to node_modules) and the demo lockers' simulator (apps/terminal-sim/dist/main.js). A part is rebuilt only when its sources changed: the hash of
 * its inputs is written in a stamp beside its output, so a second `npm start` builds nothing. Each
 * file's hash is kept with its stat (size, times, inode), so a start reads only the files whose stat
 * changed: a checkout that only touched them rehashes them and still builds nothing.
 *
 * `node scripts/build.mjs` builds what changed; `--force` builds everything.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const API_ENTRY = path.join(ROOT_DIR, 'apps/api/dist/main.js');
export const WORKER_ENTRY = path.join(ROOT_DIR, 'apps/api/dist/worker.js');
const STAMP_DIR = path.join(ROOT_DIR, 'node_modules/.cache/ebox-build');
/** A file changed this recently may change again within the same mtime tick: hashed again next time. */
const SETTLED_MS = 2000;

const SHARED_INPUTS = ['packages/domain/src', 'packages/domain/package.json', 'package-lock.json', 'scripts/build.mjs'];

const PARTS = [
  {
    name: 'console (apps/web)',
    id: 'web',
    inputs: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json'],
    output: 'apps/web/dist/index.html',
    build: () => run('npm', ['run', 'build', '--silent', '-w', '@ebox/web', '--', '--logLevel', 'warn']),
  },
  {
    name: 'API (apps/api)',
    id: 'api',
    inputs: ['apps/api/src', 'apps/api/package.json', 'apps/provider-sandbox/src'],
    output: 'apps/api/dist/worker.js',
    build: buildApi,
  },
  {
    // The demo lockers' simulator `npm start` runs beside the API (SIMULATE_LOCKERS).
    name: 'virtual lockers (apps/terminal-sim)',
    id: 'sim',
    inputs: ['apps/terminal-sim/src', 'apps/terminal-sim/package.json'],
    output: 'apps/terminal-sim/dist/main.js',
    build: () => bundle(['apps/terminal-sim/src/main.ts'], 'apps/terminal-sim/dist'),
  },
];

function run(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT_DIR, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/** Files under `relative` (a file or a folder), sorted so the hash does not depend on listing order. */
function filesOf(root, relative) {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [relative];
  return readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules' && entry.name !== 'dist')
    .flatMap((entry) => filesOf(root, path.join(relative, entry.name)))
    .sort();
}

/**
 * Each file's content hash, read again only when its stat changed since it was hashed (`known`, the
 * last run's, by path). Any write changes ctime, which nothing can set back, so a same-sized edit
 * that restores the mtime is still seen.
 */
function fileHashesOf(root, files, known, settledMs, now = Date.now()) {
  const hashes = {};
  let rehashed = 0;
  for (const file of files) {
    const stat = statSync(path.join(root, file));
    const key = `${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}:${stat.ino}`;
    const cached = known[file];
    if (cached && cached.key === key) {
      hashes[file] = cached;
      continue;
    }
    const sha256 = createHash('sha256')
      .update(readFileSync(path.join(root, file)))
      .digest('hex');
    // A file written in the last moments may be written again within the same tick: not trusted to its stat yet.
    hashes[file] = { key: now - Math.max(stat.mtimeMs, stat.ctimeMs) >= settledMs ? key : '', sha256 };
    rehashed += 1;
  }
  return { hashes, rehashed };
}

/** Content hash rather than mtimes: a checkout that leaves the sources as they were rebuilds nothing. */
function hashOf(files, hashes) {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0${hashes[file].sha256}\0`);
  }
  return hash.digest('hex');
}

function readKnownHashes(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}

/** Written whole then renamed: two starts at once (tests, a second terminal) never read half a file. */
function writeKnownHashes(file, hashes) {
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(hashes));
  renameSync(partial, file);
}

function buildApi() {
  // The API, `npm run worker`'s job worker, and the export worker thread both start (found beside
  // them by name: apps/api/src/kit/export-thread.ts); each bundle complete on its own.
  return bundle(
    {
      main: 'apps/api/src/main.ts',
      worker: 'apps/api/src/worker.ts',
      'export-worker': 'apps/api/src/export-worker.ts',
    },
    'apps/api/dist',
  );
}

async function bundle(entryPoints, outdir) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    absWorkingDir: ROOT_DIR,
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [
      {
        // Workspace packages ship TypeScript sources, so they go into the bundle; npm packages stay
        // in node_modules (native addons, files read beside their code, the PostgreSQL binaries).
        name: 'external-npm-packages',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@ebox/') ? undefined : { external: true }));
        },
      },
    ],
  });
}

/**
 * Builds the parts whose inputs changed since their stamp; answers the names of the parts built.
 * `root`, `parts`, `stampDir` and `settledMs` are this repository's unless a test gives its own.
 */
export async function buildIfChanged({
  force = false,
  only = undefined,
  log = (line) => process.stdout.write(`${line}\n`),
  root = ROOT_DIR,
  parts = PARTS,
  stampDir = STAMP_DIR,
  settledMs = SETTLED_MS,
} = {}) {
  const built = [];
  const selected = parts.filter((candidate) => !only || only.includes(candidate.id));
  const listed = new Map();
  const filesOfPart = (part) =>
    [...part.inputs, ...SHARED_INPUTS].flatMap((input) => {
      if (!listed.has(input)) listed.set(input, filesOf(root, input));
      return listed.get(input);
    });
  const knownFile = path.join(stampDir, 'files.json');
  const known = readKnownHashes(knownFile);
  const files = [...new Set(selected.flatMap(filesOfPart))];
  const { hashes, rehashed } = fileHashesOf(root, files, known, settledMs);
  for (const part of selected) {
    const hash = hashOf(filesOfPart(part), hashes);
    const stampFile = path.join(stampDir, `${part.id}.sha256`);
    const upToDate = existsSync(path.join(root, part.output)) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash;
    if (upToDate && !force) continue;
    log(`Building the ${part.name} (first start, or its sources changed)...`);
    await part.build();
    mkdirSync(stampDir, { recursive: true });
    writeFileSync(stampFile, hash);
    built.push(part.name);
  }
  // The other parts' files are kept when only some parts were looked at; files gone are dropped otherwise.
  if (rehashed > 0 || (!only && Object.keys(known).length !== files.length)) {
    mkdirSync(stampDir, { recursive: true });
    writeKnownHashes(knownFile, only ? { ...known, ...hashes } : hashes);
  }
  return built;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildIfChanged({ force: process.argv.includes('--force') });
}
