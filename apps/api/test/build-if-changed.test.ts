import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../src/config';

/** What scripts/build.mjs offers a test: its parts, root and stamps replaced by a folder of the test's. */
type BuildScript = {
  buildIfChanged(options: {
    root: string;
    stampDir: string;
    settledMs: number;
    log: (line: string) => void;
    parts: { name: string; id: string; inputs: string[]; output: string; build: () => void }[];
  }): Promise<string[]>;
};

/**
 * `npm start` builds only what changed (scripts/build.mjs): a file is read again only when its stat
 * changed, and a part is rebuilt only when the content of one of its files did.
 */
describe('building what changed before a start', () => {
  let root: string;
  let builds: number;
  let build: () => Promise<string[]>;

  beforeEach(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'ebox-build-'));
    mkdirSync(path.join(root, 'src'));
    writeFileSync(path.join(root, 'src/a.ts'), 'export const a = 1;\n');
    writeFileSync(path.join(root, 'src/b.ts'), 'export const b = 2;\n');
    builds = 0;
    const script = (await import(pathToFileURL(path.join(ROOT_DIR, 'scripts/build.mjs')).href)) as BuildScript;
    const part = {
      name: 'part',
      id: 'part',
      inputs: ['src'],
      output: 'out.txt',
      build: () => {
        builds += 1;
        writeFileSync(path.join(root, 'out.txt'), 'built');
      },
    };
    // settledMs 0: the files just written are trusted to their stat at once, so the stat path is the one taken.
    build = () => script.buildIfChanged({ root, stampDir: path.join(root, 'stamps'), settledMs: 0, log: () => {}, parts: [part] });
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('When nothing changed since the last build, Then a start builds nothing', async () => {
    expect(await build()).toEqual(['part']);
    expect(await build()).toEqual([]);
    expect(builds).toBe(1);
  });

  it('When a checkout only touched a file, Then it is hashed again and nothing is rebuilt', async () => {
    await build();
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'src/a.ts'), later, later);
    expect(await build()).toEqual([]);
    expect(builds).toBe(1);
  });

  it('When a file is edited to the same size with its mtime put back, Then the part is rebuilt', async () => {
    const file = path.join(root, 'src/a.ts');
    // A whole second, so putting it back restores it exactly.
    const mtime = new Date('2026-01-01T00:00:00Z');
    utimesSync(file, mtime, mtime);
    await build();
    const before = statSync(file);
    writeFileSync(file, 'export const a = 9;\n');
    utimesSync(file, mtime, mtime);
    expect(statSync(file)).toMatchObject({ size: before.size, mtimeMs: before.mtimeMs });
    expect(await build()).toEqual(['part']);
    expect(readFileSync(path.join(root, 'out.txt'), 'utf8')).toBe('built');
    expect(await build()).toEqual([]);
  });

  it('When a file is added or removed, Then the part is rebuilt', async () => {
    await build();
    writeFileSync(path.join(root, 'src/c.ts'), 'export const c = 3;\n');
    expect(await build()).toEqual(['part']);
    rmSync(path.join(root, 'src/c.ts'));
    expect(await build()).toEqual(['part']);
    expect(builds).toBe(3);
  });
});
