import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { TERMINAL_UI_BUILD_MAX_BYTES } from '@ebox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, startWithTwoCompanies, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 31, first part: versions (sorted as versions), terminal UI builds uploaded through a signed
 * URL and registered with their SHA-256, and the cascaders of spec 7.4.
 */

let t: TestApp;
let owner: TestUser;
let companyA: string;
let companyB: string;
/** Holds the terminalUiVersion permissions, limited to company A. */
let editorA: TestUser;

const UI_PERMISSIONS = [
  'terminalUiVersionCreate',
  'terminalUiVersionEdit',
  'terminalUiVersionRead',
  'terminalUiVersionDestroy',
  'terminalUiVersionAutocomplete',
] as const;

beforeAll(async () => {
  ({ t, owner, companyA, companyB } = await startWithTwoCompanies(
    { name: 'Transportadora Alfa', type: 'carrier' },
    { name: 'Loja Beta', type: 'shipper' },
  ));
  editorA = await t.createUser({ permissions: [...UI_PERMISSIONS], allowedCompanies: [companyA] });
});
afterAll(() => t?.close());

/** Asks for a signed URL as `user` (spec 7.4's body). */
async function askUpload(user: TestUser, fileName = 'ui-build.zip') {
  return user.api.post('/upload/terminalUiVersion', { contentType: 'application/zip', fileName, type: 'zip' });
}

/** PUTs `body` to a (relative, local) signed URL, as the browser does: no bearer token. */
async function putTo(url: string, body: RequestInit['body'], headers: Record<string, string> = {}, language = 'pt-BR') {
  const response = await fetch(`${t.baseUrl}${url}`, {
    method: 'PUT',
    body,
    headers: { 'content-type': 'application/zip', 'accept-language': language, ...headers },
    // A stream body needs it (Node's fetch).
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** A 100 MB build made on the fly in 1 MB chunks (never whole in the test's memory either), and its SHA-256. */
function bigBuild(megabytes: number): { stream: ReadableStream; sha256: string; size: number } {
  const chunk = Buffer.alloc(1024 * 1024);
  const hash = createHash('sha256');
  for (let i = 0; i < megabytes; i++) {
    chunk.fill(i % 251);
    hash.update(chunk);
  }
  let i = 0;
  const node = new Readable({
    read() {
      if (i === megabytes) return this.push(null);
      this.push(Buffer.alloc(1024 * 1024, i % 251));
      i += 1;
    },
  });
  return { stream: Readable.toWeb(node) as ReadableStream, sha256: hash.digest('hex'), size: megabytes * 1024 * 1024 };
}

describe('a terminal UI build (spec 7.4)', () => {
  it('is uploaded through its signed URL and registered with the SHA-256 of its bytes, which the record keeps', async () => {
    const asked = await askUpload(editorA);
    expect(asked.status).toBe(200);
    expect(Object.keys(asked.body).sort()).toEqual(['File', 'Key', 'SignedUrl']);
    expect(asked.body.SignedUrl).toMatch(/^\/io\/api\/v1\/file\/upload\/[0-9a-f-]{36}\?expires=\d+&max=\d+&signature=/);
    const bytes = Buffer.from('PK\u0003\u0004 a small UI build');
    expect((await putTo(asked.body.SignedUrl, bytes)).status).toBe(200);

    const created = await editorA.api.post('/terminalUiVersion', {
      data: {
        identification: 'UI 2.4.0',
        description: 'Nova tela de retirada',
        company: companyA,
        keyS3: asked.body.Key,
        file: asked.body.File.id,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(created.body.sizeInBytes).toBe(bytes.length);
    expect(created.body.fileName).toBe('ui-build.zip');

    const found = await editorA.api.get(`/terminalUiVersion/${created.body.id}`);
    expect(found.body.sha256).toBe(created.body.sha256);

    // An update sends only identification, description and company; the build stays.
    const updated = await editorA.api.put(`/terminalUiVersion/${created.body.id}`, {
      id: created.body.id,
      data: { identification: 'UI 2.4.1', description: 'Correção', company: companyA },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.sha256).toBe(created.body.sha256);
    // ...and cannot swap it for another upload.
    const other = await askUpload(editorA);
    await putTo(other.body.SignedUrl, Buffer.from('PK another'));
    const swapped = await editorA.api.put(`/terminalUiVersion/${created.body.id}`, {
      id: created.body.id,
      data: { identification: 'UI 2.4.1', description: 'Correção', company: companyA, file: other.body.File.id, keyS3: other.body.Key },
    });
    expect(swapped.status).toBe(400);

    // The URL received its bytes once: the registered build cannot be replaced through it.
    expect((await putTo(asked.body.SignedUrl, Buffer.from('PK replaced'))).status).toBe(409);
    // And an upload is registered once.
    const again = await editorA.api.post('/terminalUiVersion', {
      data: { identification: 'UI copy', description: 'x', company: companyA, keyS3: asked.body.Key, file: asked.body.File.id },
    });
    expect(again.status).toBe(400);
  });

  it('takes a 100 MB build streamed to disk, and computes its SHA-256 at registration', async () => {
    const asked = await askUpload(editorA, 'ui-100mb.zip');
    const build = bigBuild(100);
    const put = await putTo(asked.body.SignedUrl, build.stream, { 'content-length': String(build.size) });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.sizeInBytes).toBe(build.size);
    const created = await editorA.api.post('/terminalUiVersion', {
      data: {
        identification: 'UI 100 MB',
        description: 'Pacote grande',
        company: companyA,
        keyS3: asked.body.Key,
        file: asked.body.File.id,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.sha256).toBe(build.sha256);
    expect(created.body.sizeInBytes).toBe(build.size);
  }, 120_000);

  it('refuses a wrong and an expired signature (403, translated) and a body over the limit', async () => {
    const asked = await askUpload(editorA);
    const url = new URL(asked.body.SignedUrl, t.baseUrl);
    const wrong = new URL(url);
    wrong.searchParams.set('signature', `x${url.searchParams.get('signature')?.slice(1)}`);
    const refused = await putTo(`${wrong.pathname}${wrong.search}`, Buffer.from('PK'));
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('O endereço de envio é inválido ou expirou: peça um novo');
    const refusedEn = await putTo(`${wrong.pathname}${wrong.search}`, Buffer.from('PK'), {}, 'en');
    expect(refusedEn.body.error.message).toBe('The upload address is invalid or has expired: ask for a new one');

    // A later expiry (or a larger limit) is not the one signed.
    const longer = new URL(url);
    longer.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect((await putTo(`${longer.pathname}${longer.search}`, Buffer.from('PK'))).status).toBe(403);
    const larger = new URL(url);
    larger.searchParams.set('max', String(TERMINAL_UI_BUILD_MAX_BYTES * 10));
    expect((await putTo(`${larger.pathname}${larger.search}`, Buffer.from('PK'))).status).toBe(403);

    // An expired URL, signed by this server: made with the server's own storage.
    const expiredUrl = await t.app.deps.storage.uploadUrl({
      fileId: asked.body.File.id,
      key: asked.body.Key,
      contentType: 'application/zip',
      expiresAt: Math.floor(Date.now() / 1000) - 1,
      maxBytes: TERMINAL_UI_BUILD_MAX_BYTES,
    });
    expect((await putTo(expiredUrl, Buffer.from('PK'))).status).toBe(403);

    // Over the signed limit: refused (declared length, and a body that lies about none).
    const small = await t.app.deps.storage.uploadUrl({
      fileId: asked.body.File.id,
      key: asked.body.Key,
      contentType: 'application/zip',
      expiresAt: Math.floor(Date.now() / 1000) + 60,
      maxBytes: 10,
    });
    expect((await putTo(small, Buffer.from('PK 0123456789 0123456789'))).status).toBe(413);
    const chunked = Readable.toWeb(Readable.from([Buffer.from('PK 0123456789'), Buffer.from('0123456789')])) as ReadableStream;
    expect((await putTo(small, chunked)).status).toBe(413);
    // Nothing was kept: the right URL still takes the build.
    expect((await putTo(asked.body.SignedUrl, Buffer.from('PK fine'))).status).toBe(200);
  });

  it('is not registered without its uploaded bytes, nor with an upload of someone else', async () => {
    const asked = await askUpload(editorA);
    const data = { identification: 'UI sem bytes', description: 'x', company: companyA, keyS3: asked.body.Key, file: asked.body.File.id };
    const notSent = await editorA.api.post('/terminalUiVersion', { data });
    expect(notSent.status).toBe(400);
    expect(notSent.body.error.fields?.[0]?.path ?? notSent.body.error.fields).toBeTruthy();
    expect((await editorA.api.post('/terminalUiVersion', { data: { ...data, file: undefined, keyS3: undefined } })).status).toBe(400);
    await putTo(asked.body.SignedUrl, Buffer.from('PK bytes'));
    const byOwner = await owner.api.post('/terminalUiVersion', { data });
    expect(byOwner.status).toBe(400);
  });

  it('denies the upload without terminalUiVersionCreate, and the registration outside the caller companies', async () => {
    const reader = await t.createUser({ permissions: ['terminalUiVersionRead'] });
    expect((await askUpload(reader)).status).toBe(403);
    expect((await t.api.post('/upload/terminalUiVersion', { contentType: 'application/zip', fileName: 'a.zip' })).status).toBe(401);
    const asked = await askUpload(editorA);
    await putTo(asked.body.SignedUrl, Buffer.from('PK bytes'));
    const elsewhere = await editorA.api.post('/terminalUiVersion', {
      data: { identification: 'UI B', description: 'x', company: companyB, keyS3: asked.body.Key, file: asked.body.File.id },
    });
    expect([400, 403, 404]).toContain(elsewhere.status);
    const list = await editorA.api.get('/terminalUiVersion');
    expect(list.body.rows.every((row: { company: { id: string } }) => row.company.id === companyA)).toBe(true);
  });
});

describe('versions (spec 3, /versions)', () => {
  it('sort their numbers as versions: 1.9.2 before 1.10.0', async () => {
    for (const versionNumber of ['1.10.0', '1.9.2', '1.2', '10.0.1', '1.10']) {
      const created = await owner.api.post('/versions', {
        data: {
          identification: `App ${versionNumber}`,
          description: 'Aplicativo do terminal',
          company: companyA,
          versionNumber,
          osApplication: 'linux',
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
    }
    const ascending = await owner.api.get('/versions', { orderBy: 'versionNumber_ASC' });
    expect(ascending.body.rows.map((row: { versionNumber: string }) => row.versionNumber)).toEqual([
      '1.2',
      '1.9.2',
      '1.10',
      '1.10.0',
      '10.0.1',
    ]);
    const byDefault = await owner.api.get('/versions', { limit: 2 });
    expect(byDefault.body.rows.map((row: { versionNumber: string }) => row.versionNumber)).toEqual(['10.0.1', '1.10.0']);
    // Keyset pages follow the same order.
    const next = await owner.api.get('/versions', { limit: 2, offset: 2 });
    expect(next.body.rows.map((row: { versionNumber: string }) => row.versionNumber)).toEqual(['1.10', '1.9.2']);
  });

  it('refuses a number that is not a dotted version, in both languages', async () => {
    for (const versionNumber of ['1.x', 'v1.2', '1..2', '1.2.3.4.5']) {
      const refused = await owner.api.post('/versions', {
        data: { identification: 'App', description: 'x', company: companyA, versionNumber },
      });
      expect(refused.status).toBe(400);
    }
    const en = await t
      .client(owner.token, 'en')
      .post('/versions', { data: { identification: 'App', description: 'x', company: companyA, versionNumber: 'abc' } });
    expect(en.body.error.message).toContain('must be a version number such as 1.10.0');
  });

  it('are guarded by the terminalUiVersion permissions and the company scope', async () => {
    const nobody = await t.createUser({ permissions: ['companyRead'] });
    expect((await nobody.api.get('/versions')).status).toBe(403);
    expect((await nobody.api.post('/versions', { data: { identification: 'x', description: 'x', company: companyA } })).status).toBe(403);
    const inB = await owner.api.post('/versions', {
      data: { identification: 'App B', description: 'x', company: companyB, versionNumber: '3.0' },
    });
    expect(inB.status).toBe(200);
    expect((await editorA.api.get(`/versions/${inB.body.id}`)).status).toBe(404);
    const seen = await editorA.api.get('/versions');
    expect(seen.body.rows.some((row: { id: string }) => row.id === inB.body.id)).toBe(false);
    expect((await editorA.api.post('/versions', { data: { identification: 'x', description: 'x', company: companyB } })).status).not.toBe(
      200,
    );
  });
});

describe('cascaders (spec 7.4)', () => {
  it('answer the UI builds under their company, within the caller companies, found by query', async () => {
    const inB = await askUpload(owner);
    await putTo(inB.body.SignedUrl, Buffer.from('PK b'));
    const b = await owner.api.post('/terminalUiVersion', {
      data: { identification: 'Interface Beta', description: 'x', company: companyB, keyS3: inB.body.Key, file: inB.body.File.id },
    });
    expect(b.status).toBe(200);

    const all = await owner.api.get('/terminalUiVersion/cascader', { limit: 100 });
    expect(all.status).toBe(200);
    const companyIds = all.body.map((option: { id: string }) => option.id);
    expect(companyIds).toEqual(expect.arrayContaining([companyA, companyB]));
    const optionB = all.body.find((option: { id: string }) => option.id === companyB);
    expect(optionB).toMatchObject({ label: 'Loja Beta', children: [{ id: b.body.id, label: 'Interface Beta' }] });

    const mine = await editorA.api.get('/terminalUiVersion/cascader', { limit: 100 });
    expect(mine.body.map((option: { id: string }) => option.id)).toEqual([companyA]);
    const found = await owner.api.get('/terminalUiVersion/cascader', { query: 'beta' });
    expect(found.body.map((option: { id: string }) => option.id)).toEqual([companyB]);
    const limited = await owner.api.get('/terminalUiVersion/cascader', { limit: 1 });
    expect(limited.body.flatMap((option: { children: unknown[] }) => option.children)).toHaveLength(1);

    const reader = await t.createUser({ permissions: ['companyRead'] });
    expect((await reader.api.get('/terminalUiVersion/cascader')).status).toBe(403);
    expect((await t.api.get('/terminalUiVersion/cascader')).status).toBe(401);
  });

  it('answer buildings with their levels 1 and 2, within the caller companies', async () => {
    const unit = await owner.api.post('/building-level2', { data: { name: 'Apto 101' } });
    const building = await owner.api.post('/building', { data: { name: 'Edifício Aurora', company: companyA } });
    const tower = await owner.api.post('/building-level1', {
      data: { name: 'Torre 1', building: building.body.id, company: companyA, level2: [unit.body.id] },
    });
    expect(tower.status, JSON.stringify(tower.body)).toBe(200);
    const other = await owner.api.post('/building', { data: { name: 'Edifício Bosque', company: companyB } });
    expect(other.status).toBe(200);

    const answer = await owner.api.get('/building/cascader', { query: 'aurora', limit: 10 });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        id: building.body.id,
        label: 'Edifício Aurora',
        children: [{ id: tower.body.id, label: 'Torre 1', children: [{ id: unit.body.id, label: 'Apto 101' }] }],
      },
    ]);
    const buildingReader = await t.createUser({ permissions: ['buildingAutocomplete'], allowedCompanies: [companyA] });
    const scoped = await buildingReader.api.get('/building/cascader', { query: 'Edifício' });
    expect(scoped.body.map((option: { id: string }) => option.id)).toEqual([building.body.id]);
    expect((await editorA.api.get('/building/cascader')).status).toBe(403);
  });
});

describe('with S3_* set', () => {
  it('answers an S3 presigned PUT of the key, with its content type, instead of the local store', async () => {
    const s3 = await startTestApp({
      env: {
        S3_BUCKET: 'ebox-builds',
        S3_ACCESS_KEY_ID: 'test-key',
        S3_SECRET_ACCESS_KEY: 'test-secret',
        S3_ENDPOINT: 'http://127.0.0.1:9',
        S3_REGION: 'sa-east-1',
      },
    });
    try {
      const user = await s3.createUser({ permissions: ['terminalUiVersionCreate'] });
      const asked = await user.api.post('/upload/terminalUiVersion', { contentType: 'application/zip', fileName: 'ui.zip', type: 'zip' });
      expect(asked.status).toBe(200);
      const url = new URL(asked.body.SignedUrl);
      expect(`${url.origin}${url.pathname}`).toBe(`http://127.0.0.1:9/ebox-builds/${asked.body.Key}`);
      expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      // 15 minutes from when the URL was asked for.
      expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeGreaterThan(890);
      expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(900);
      expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('host');
      // The local store's PUT is not the way in then.
      const local = await s3.app.deps.storage.uploadUrl({
        fileId: asked.body.File.id,
        key: asked.body.Key,
        contentType: 'application/zip',
        expiresAt: Math.floor(Date.now() / 1000) + 60,
        maxBytes: 10,
      });
      expect(local.startsWith('http://127.0.0.1:9/')).toBe(true);
    } finally {
      await s3.close();
    }
  });
});
