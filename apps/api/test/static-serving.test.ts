import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';

// A console build in miniature: what the web build writes, each text file with its .br and .gz.
const INDEX_HTML = `<!doctype html><html><head><script type="module" src="/assets/x-hash.js"></script></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('the console '.repeat(500))});`;

function writeDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ebox-web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  const files: Record<string, string> = { 'index.html': INDEX_HTML, 'assets/x-hash.js': SCRIPT };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(dir, name), text);
    writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(text));
  }
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

type RawResponse = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** The bytes as they travel, undecoded (fetch would decompress them and hide the encoding). */
function getRaw(baseUrl: string, urlPath: string, acceptEncoding?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    request(`${baseUrl}${urlPath}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('serving the built console', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = writeDist();
    t = await startTestApp({ webDistDir: dist });
  });
  afterAll(() => t.close());

  it('sends the brotli file to a browser that accepts brotli', async () => {
    const response = await getRaw(t.baseUrl, '/assets/x-hash.js', 'gzip, deflate, br');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body.equals(brotliCompressSync(SCRIPT))).toBe(true);
    expect(brotliDecompressSync(response.body).toString()).toBe(SCRIPT);
    expect(response.body.length).toBeLessThan(SCRIPT.length / 5);
  });

  it('sends the gzip file to a browser that accepts gzip only', async () => {
    const response = await getRaw(t.baseUrl, '/assets/x-hash.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.body.equals(gzipSync(SCRIPT))).toBe(true);
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    const response = await getRaw(t.baseUrl, '/assets/x-hash.js');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.toString()).toBe(SCRIPT);
  });

  it('lets a browser keep a hashed file for a year without asking again', async () => {
    for (const encoding of ['br', undefined]) {
      const response = await getRaw(t.baseUrl, '/assets/x-hash.js', encoding);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('makes a browser ask for index.html each time, at / and at a client route, compressed too', async () => {
    for (const urlPath of ['/', '/index.html', '/iam/users', '/settings/general?tab=mail']) {
      const plain = await getRaw(t.baseUrl, urlPath);
      expect(plain.status, urlPath).toBe(200);
      expect(plain.headers['content-type'], urlPath).toMatch(/text\/html/);
      expect(plain.headers['cache-control'], urlPath).toBe('no-cache');
      expect(plain.body.toString(), urlPath).toBe(INDEX_HTML);

      const compressed = await getRaw(t.baseUrl, urlPath, 'br');
      expect(compressed.headers['content-encoding'], urlPath).toBe('br');
      expect(compressed.headers['cache-control'], urlPath).toBe('no-cache');
      expect(brotliDecompressSync(compressed.body).toString(), urlPath).toBe(INDEX_HTML);
    }
  });

  it('keeps other static files briefly and does not publish the compressed siblings as pages', async () => {
    const favicon = await getRaw(t.baseUrl, '/favicon.svg', 'br');
    expect(favicon.status).toBe(200);
    expect(favicon.headers['content-encoding']).toBeUndefined();
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');

    const sibling = await getRaw(t.baseUrl, '/assets/x-hash.js.br');
    expect(sibling.headers['content-type']).toMatch(/text\/html/);
  });

  it('still answers an unknown API path with a JSON 404, not the console', async () => {
    const response = await getRaw(t.baseUrl, '/io/api/v1/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/json/);
  });
});
