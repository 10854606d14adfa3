import * as zlib from 'node:zlib';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/** A real PNG of the given size (solid colour), so the file served back is one a browser shows. */
function makePng(width = 4, height = 4): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x2a)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let t: TestApp;
let editor: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  editor = await t.createUser({ permissions: ['productCreate', 'productEdit', 'productRead', 'companyEdit', 'companyRead'] });
});
afterAll(() => t.close());

type Upload = { status: number; body: any };

async function upload(
  token: string | undefined,
  target: { entity: string; field: string },
  file: { name: string; bytes: Buffer; type?: string } | null,
  language = 'pt-BR',
  partName = 'file',
): Promise<Upload> {
  const form = new FormData();
  if (file) form.append(partName, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  else form.append('note', 'no file here');
  const headers: Record<string, string> = { 'accept-language': language };
  if (token) headers.authorization = `Bearer ${token}`;
  const query = new URLSearchParams(target).toString();
  const response = await fetch(`${t.baseUrl}/io/api/v1/file/upload?${query}`, { method: 'POST', body: form, headers });
  return { status: response.status, body: await response.json() };
}

describe('POST /file/upload', () => {
  it('stores a product photo and serves it back through its signed URL', async () => {
    const png = makePng();
    const answer = await upload(
      editor.token,
      { entity: 'product', field: 'photos' },
      { name: 'caixa de som.png', bytes: png, type: 'image/png' },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: expect.any(String),
      name: 'caixa de som.png',
      sizeInBytes: png.length,
      publicUrl: expect.stringMatching(new RegExp(`^/io/api/v1/file/${answer.body.id}/caixa%20de%20som\\.png\\?signature=[\\w-]+$`)),
    });

    const served = await fetch(`${t.baseUrl}${answer.body.publicUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-disposition')).toContain('inline');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    // The FileRef is what a form saves in the record.
    const created = await editor.api.post('/product', { data: { name: 'Caixa de som JBL', unitPrice: 349.9, photos: [answer.body] } });
    expect(created.status).toBe(200);
    const found = await editor.api.get(`/product/${created.body.id}`);
    expect(found.body.photos).toEqual([expect.objectContaining({ name: 'caixa de som.png', publicUrl: answer.body.publicUrl })]);
  });

  it('lets any signed-in user upload their own avatar, and uploadFiles holders upload anywhere', async () => {
    const newcomer = await t.createUser({ emailVerified: false });
    const avatar = await upload(newcomer.token, { entity: 'user', field: 'avatars' }, { name: 'eu.png', bytes: makePng() });
    expect(avatar.status).toBe(200);
    const uploader = await t.createUser({ permissions: ['uploadFiles'] });
    const logo = await upload(uploader.token, { entity: 'company', field: 'logo' }, { name: 'logo.png', bytes: makePng() });
    expect(logo.status).toBe(200);
  });

  it('refuses a file above the size limit, telling the limit', async () => {
    const big = Buffer.concat([makePng(), Buffer.alloc(1_000_001)]);
    const pt = await upload(editor.token, { entity: 'product', field: 'photos' }, { name: 'grande.png', bytes: big });
    expect(pt.status).toBe(400);
    expect(pt.body.error.message).toBe('Arquivo grande demais: o máximo é 1 MB por arquivo');
    const en = await upload(editor.token, { entity: 'product', field: 'photos' }, { name: 'big.png', bytes: big }, 'en');
    expect(en.body.error.message).toBe('File too large: at most 1 MB per file');
    const exact = Buffer.concat([makePng(), Buffer.alloc(1_000_000 - makePng().length)]);
    expect((await upload(editor.token, { entity: 'product', field: 'photos' }, { name: 'limite.png', bytes: exact })).status).toBe(200);
  });

  it('refuses a format the field does not take, by extension and by content', async () => {
    const xlsx = await upload(
      editor.token,
      { entity: 'company', field: 'attachments' },
      { name: 'planilha.xlsx', bytes: Buffer.from('PK\u0003\u0004') },
    );
    expect(xlsx.status).toBe(400);
    expect(xlsx.body.error.message).toBe('Formato não aceito. Formatos aceitos: txt, pdf');

    const fakePdf = await upload(
      editor.token,
      { entity: 'company', field: 'attachments' },
      { name: 'contrato.pdf', bytes: Buffer.from('MZ\u0090\u0000 not a pdf') },
    );
    expect(fakePdf.status).toBe(400);
    expect(fakePdf.body.error.message).toBe('Formato não aceito. Formatos aceitos: txt, pdf');

    const pdf = await upload(editor.token, { entity: 'company', field: 'attachments' }, { name: 'contrato.pdf', bytes: PDF });
    expect(pdf.status).toBe(200);
    const served = await fetch(`${t.baseUrl}${pdf.body.publicUrl}`);
    expect(served.headers.get('content-type')).toBe('application/pdf');
  });

  it('refuses a file that is not an image where images are expected, whatever its name says', async () => {
    const answer = await upload(
      editor.token,
      { entity: 'product', field: 'photos' },
      { name: 'foto.png', bytes: Buffer.from('<svg onload="alert(1)"></svg>'), type: 'image/png' },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe('Envie uma imagem');
    const en = await upload(editor.token, { entity: 'product', field: 'photos' }, { name: 'manual.pdf', bytes: PDF }, 'en');
    expect(en.body.error.message).toBe('Upload an image');
    const pngNamedPdf = await upload(editor.token, { entity: 'product', field: 'photos' }, { name: 'foto.pdf', bytes: makePng() });
    expect(pngNamedPdf.status).toBe(400);
    expect(pngNamedPdf.body.error.message).toMatch(/^Formato não aceito/);
  });

  it('asks for permission to create or edit the entity', async () => {
    const reader = await t.createUser({ permissions: ['productRead', 'customerCreate'] });
    const denied = await upload(reader.token, { entity: 'product', field: 'photos' }, { name: 'a.png', bytes: makePng() });
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe('Proibido');
    const customerPhoto = await upload(reader.token, { entity: 'customer', field: 'photo' }, { name: 'a.png', bytes: makePng() });
    expect(customerPhoto.status).toBe(200);
    const anonymous = await upload(undefined, { entity: 'product', field: 'photos' }, { name: 'a.png', bytes: makePng() });
    expect(anonymous.status).toBe(401);
  });

  it('refuses an unknown entity or a field that holds no files', async () => {
    const entity = await upload(editor.token, { entity: 'spaceship', field: 'photos' }, { name: 'a.png', bytes: makePng() });
    expect(entity.status).toBe(400);
    expect(entity.body.error.message).toBe('Não é possível enviar arquivos para spaceship.photos');
    const field = await upload(editor.token, { entity: 'product', field: 'name' }, { name: 'a.png', bytes: makePng() }, 'en');
    expect(field.status).toBe(400);
    expect(field.body.error.message).toBe('Files cannot be uploaded to product.name');
    const proto = await upload(editor.token, { entity: 'product', field: '__proto__' }, { name: 'a.png', bytes: makePng() });
    expect(proto.status).toBe(400);
  });

  it('answers 400 when no file part is sent', async () => {
    const none = await upload(editor.token, { entity: 'product', field: 'photos' }, null);
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('Nenhum arquivo foi enviado');
    const json = await editor.api.post('/file/upload?entity=product&field=photos', { file: 'a.png' });
    expect(json.status).toBe(400);
    const empty = await upload(editor.token, { entity: 'company', field: 'attachments' }, { name: 'vazio.txt', bytes: Buffer.alloc(0) });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('O arquivo está vazio');
  });
});

describe('GET /file/:id/:name', () => {
  it('refuses a missing, wrong or borrowed signature', async () => {
    const first = await upload(editor.token, { entity: 'product', field: 'photos' }, { name: 'um.png', bytes: makePng() });
    const second = await upload(editor.token, { entity: 'product', field: 'photos' }, { name: 'dois.png', bytes: makePng() });
    const url = new URL(first.body.publicUrl, t.baseUrl);
    const signature = url.searchParams.get('signature') as string;

    const unsigned = await fetch(`${t.baseUrl}${url.pathname}`);
    expect(unsigned.status).toBe(403);
    const wrong = await fetch(`${t.baseUrl}${url.pathname}?signature=${signature.slice(0, -2)}${signature.endsWith('xx') ? 'yy' : 'xx'}`);
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as any).error.message).toBe('Proibido');
    const borrowed = await fetch(`${t.baseUrl}/io/api/v1/file/${second.body.id}/dois.png?signature=${signature}`);
    expect(borrowed.status).toBe(403);
    expect((await fetch(`${t.baseUrl}${url.pathname}?signature=${signature}`)).status).toBe(200);
  });
});
