import { DECLARED_ENTITIES, importColumnOfHeader } from '@ebox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from './support/answers';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 33 item 2: the address book (spec 3 "address") with its routes, company scope and import;
 * the locker and customer forms pick from it, and a CEP it knows fills an address form's street,
 * neighbourhood, city and state (GET /address/postal-code/{cep}, GET /address/pick/{id}).
 */

let t: TestApp;
let owner: TestUser;
let lojaA: string;
let lojaB: string;
const tag = `${Date.now() % 100_000}`;
// A CEP of this run only (the suite's database is shared by the files that run after it).
const cepA = `${String(20_000 + (Number(tag) % 70_000)).padStart(5, '0')}-${tag.slice(-3).padStart(3, '0')}`;
const cepB = `${String(90_000 + (Number(tag) % 9_000)).padStart(5, '0')}-${tag.slice(-3).padStart(3, '0')}`;
const digitsOf = (cep: string) => cep.replace('-', '');

async function createAddress(data: Record<string, unknown>, user = owner): Promise<string> {
  return ok(await user.api.post('/address', { data })).id;
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.createUser({ roles: ['owner'] });
  lojaA = ok(await owner.api.post('/company', { data: { name: `Loja Endereços A ${tag}`, type: 'shipper' } })).id;
  lojaB = ok(await owner.api.post('/company', { data: { name: `Loja Endereços B ${tag}`, type: 'shipper' } })).id;
});

afterAll(async () => {
  await t?.close();
});

describe('the address book as an entity', () => {
  it('creates, reads, lists, updates and deletes an address with its coordinates', async () => {
    const id = await createAddress({
      street: `Avenida Atlântica ${tag}`,
      number: '1702',
      additional: 'Loja 3',
      reference: 'Em frente ao posto 4',
      neighborhood: 'Copacabana',
      city: 'Rio de Janeiro',
      state: 'RJ',
      postalCode: '22021-001',
      country: 'Brasil',
      company: lojaA,
      coordinates: { latitude: -22.96789, longitude: -43.178123 },
    });
    const found = ok(await owner.api.get(`/address/${id}`));
    expect(found).toMatchObject({
      street: `Avenida Atlântica ${tag}`,
      additional: 'Loja 3',
      reference: 'Em frente ao posto 4',
      postalCode: '22021-001',
      company: { id: lojaA, label: `Loja Endereços A ${tag}` },
      coordinates: { latitude: -22.96789, longitude: -43.178123 },
    });
    const listed = ok(await owner.api.get('/address', { filter: { street: `Atlântica ${tag}` }, limit: 10, offset: 0 }));
    expect(listed.rows.map((row: { id: string }) => row.id)).toEqual([id]);
    ok(await owner.api.put(`/address/${id}`, { id, data: { ...found, company: lojaA, number: '1800' } }));
    expect(ok(await owner.api.get(`/address/${id}`)).number).toBe('1800');
    ok(await owner.api.delete('/address', { ids: [id] }));
    expect((await owner.api.get(`/address/${id}`)).status).toBe(404);
  });

  it('names its permissions after the entity and gives them to the predefined roles', async () => {
    const editor = await t.createUser({ roles: ['addressEditor'] });
    const viewer = await t.createUser({ roles: ['addressViewer'] });
    const id = await createAddress({ street: `Rua do Editor ${tag}`, company: lojaA }, editor);
    expect(ok(await viewer.api.get(`/address/${id}`)).street).toBe(`Rua do Editor ${tag}`);
    expect((await viewer.api.post('/address', { data: { street: `Rua do Leitor ${tag}` } })).status).toBe(403);
    expect((await viewer.api.delete('/address', { ids: [id] })).status).toBe(403);
    const stranger = await t.createUser({ permissions: ['orderRead'] });
    expect((await stranger.api.get('/address', { limit: 10, offset: 0 })).status).toBe(403);
    expect((await t.api.get('/address', { limit: 10, offset: 0 })).status).toBe(401);
  });

  it("keeps each company's addresses to that company's users", async () => {
    const inA = await createAddress({ street: `Rua Escopo ${tag}`, company: lojaA });
    const inB = await createAddress({ street: `Rua Escopo ${tag}`, company: lojaB });
    const limited = await t.createUser({ roles: ['addressEditor'], allowedCompanies: [lojaA] });
    const listed = ok(await limited.api.get('/address', { filter: { street: `Rua Escopo ${tag}` }, limit: 10, offset: 0 }));
    expect(listed.rows.map((row: { id: string }) => row.id)).toEqual([inA]);
    expect((await limited.api.get(`/address/${inB}`)).status).toBe(404);
    // Another company's address is refused on its company field, as every scoped entity refuses it.
    const foreign = await limited.api.post('/address', { data: { street: `Rua Alheia ${tag}`, company: lojaB } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.fields[0].path).toBe('company');
    const picked = ok(await limited.api.get('/address/autocomplete', { query: `Rua Escopo ${tag}`, limit: 10 }));
    expect(picked.map((ref: { id: string }) => ref.id)).toEqual([inA]);
  });

  it('imports the rows of a sheet under its translated headers, the company named by its name', async () => {
    const entity = DECLARED_ENTITIES.address;
    const sheet = [
      ['Rua', 'Número', 'Complemento', 'Ponto de referência', 'Bairro', 'Cidade', 'Estado', 'CEP', 'País', 'Empresa'],
      [
        `Rua Importada ${tag}`,
        '10',
        'Casa 2',
        'Perto da praça',
        'Centro',
        'Niterói',
        'RJ',
        '24020-005',
        'Brasil',
        `Loja Endereços A ${tag}`,
      ],
      [`Rua Importada ${tag}`, '20', '', '', 'Icaraí', 'Niterói', 'RJ', '24220031', '', `loja endereços b ${tag}`],
    ];
    const [headers = [], ...rows] = sheet;
    const columns = headers.map((header) => importColumnOfHeader(entity, header));
    expect(columns).toEqual(entity.importColumns);
    for (const [index, row] of rows.entries()) {
      const data = Object.fromEntries(row.flatMap((cell, i) => (cell === '' ? [] : [[columns[i] ?? '', cell]])));
      const answer = await owner.api.post('/address/import', { data, importHash: `address-${tag}-${index}` });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    const listed = ok(
      await owner.api.get('/address', { filter: { street: `Rua Importada ${tag}` }, orderBy: 'number_ASC', limit: 10, offset: 0 }),
    );
    expect(listed.rows.map((row: Record<string, unknown>) => [row.number, row.neighborhood, (row.company as { id: string }).id])).toEqual([
      ['10', 'Centro', lojaA],
      ['20', 'Icaraí', lojaB],
    ]);
    // The same row again (its hash) is not imported twice: 409, as the importer counts it imported.
    const again = await owner.api.post('/address/import', {
      data: { street: `Rua Importada ${tag}`, company: lojaA },
      importHash: `address-${tag}-0`,
    });
    expect(again.status).toBe(409);
    expect(ok(await owner.api.get('/address', { filter: { street: `Rua Importada ${tag}` }, limit: 10, offset: 0 })).count).toBe(2);
  });
});

describe('GET /address/postal-code/{cep}', () => {
  it('answers what the address book knows of a CEP typed with or without its dash, the latest changed first', async () => {
    await createAddress({
      street: `Rua Antiga ${tag}`,
      neighborhood: 'Velho',
      city: 'Rio de Janeiro',
      state: 'RJ',
      postalCode: cepA,
      company: lojaA,
    });
    await createAddress({
      street: `Rua das Laranjeiras ${tag}`,
      neighborhood: 'Laranjeiras',
      city: 'Rio de Janeiro',
      state: 'RJ',
      // Stored without its dash, as a sheet may give it.
      postalCode: digitsOf(cepA),
      company: lojaA,
    });
    for (const typed of [cepA, digitsOf(cepA)]) {
      const answer = ok(await owner.api.get(`/address/postal-code/${typed}`));
      expect(answer).toEqual({
        address: {
          postalCode: cepA,
          street: `Rua das Laranjeiras ${tag}`,
          neighborhood: 'Laranjeiras',
          city: 'Rio de Janeiro',
          state: 'RJ',
        },
      });
    }
  });

  it('answers null for a CEP it does not know, and refuses what is not a CEP in words', async () => {
    expect(ok(await owner.api.get('/address/postal-code/00000-001'))).toEqual({ address: null });
    const wrong = await owner.api.get('/address/postal-code/1234');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('Não é um CEP (8 dígitos, 00000-000): 1234');
  });

  it("reads only the caller's companies, and answers whoever may fill a locker or customer form in", async () => {
    await createAddress({
      street: `Rua Só da B ${tag}`,
      neighborhood: 'Centro',
      city: 'Manaus',
      state: 'AM',
      postalCode: cepB,
      company: lojaB,
    });
    const lockerEditorOfA = await t.createUser({ roles: ['eboxEditor'], allowedCompanies: [lojaA] });
    expect(ok(await lockerEditorOfA.api.get(`/address/postal-code/${cepB}`))).toEqual({ address: null });
    expect(ok(await lockerEditorOfA.api.get(`/address/postal-code/${cepA}`)).address.street).toBe(`Rua das Laranjeiras ${tag}`);
    const customerEditor = await t.createUser({ roles: ['customerEditor'] });
    expect(ok(await customerEditor.api.get(`/address/postal-code/${cepB}`)).address.city).toBe('Manaus');
    const stranger = await t.createUser({ permissions: ['orderRead'] });
    expect((await stranger.api.get(`/address/postal-code/${cepA}`)).status).toBe(403);
    expect((await t.api.get(`/address/postal-code/${cepA}`)).status).toBe(401);
  });
});

describe('the locker and customer forms pick from the address book', () => {
  it("gives a locker's editor the picked address's fields within their companies, and keeps the link", async () => {
    const picked = await createAddress({
      street: `Rua do Armário ${tag}`,
      number: '55',
      additional: 'Térreo',
      neighborhood: 'Botafogo',
      city: 'Rio de Janeiro',
      state: 'RJ',
      postalCode: '22250-040',
      company: lojaA,
      coordinates: { latitude: -22.95, longitude: -43.18 },
    });
    const other = await createAddress({ street: `Rua de Outra Loja ${tag}`, company: lojaB });
    const lockerEditor = await t.createUser({ roles: ['eboxEditor'], allowedCompanies: [lojaA] });
    expect(ok(await lockerEditor.api.get(`/address/pick/${picked}`))).toEqual({
      id: picked,
      street: `Rua do Armário ${tag}`,
      number: '55',
      additional: 'Térreo',
      reference: null,
      neighborhood: 'Botafogo',
      city: 'Rio de Janeiro',
      state: 'RJ',
      postalCode: '22250-040',
      country: null,
      coordinates: { latitude: -22.95, longitude: -43.18 },
    });
    expect((await lockerEditor.api.get(`/address/pick/${other}`)).status).toBe(404);
    const choices = ok(await lockerEditor.api.get('/address/autocomplete', { query: `Rua do Armário ${tag}`, limit: 10 }));
    expect(choices).toEqual([{ id: picked, label: `Rua do Armário ${tag}` }]);

    const locker = ok(
      await owner.api.post('/ebox', {
        data: {
          name: `Armário ${tag}`,
          code: `END-${tag}`,
          company: lojaA,
          address: picked,
          street: `Rua do Armário ${tag}`,
          number: '55',
        },
      }),
    ).id;
    expect(ok(await owner.api.get(`/ebox/${locker}`)).address).toEqual({ id: picked, label: `Rua do Armário ${tag}` });
    // The locker keeps its own copy: deleting the book's record only empties the link.
    ok(await owner.api.delete('/address', { ids: [picked] }));
    const after = ok(await owner.api.get(`/ebox/${locker}`));
    expect(after.address ?? null).toBeNull();
    expect(after.street).toBe(`Rua do Armário ${tag}`);
  });

  it("keeps a customer's address, which cannot be deleted while the customer lives there", async () => {
    const home = await createAddress({ street: `Rua do Cliente ${tag}`, company: lojaA });
    const customer = ok(await owner.api.post('/customer', { data: { name: `Cliente ${tag}`, company: lojaA, address: home } })).id;
    expect(ok(await owner.api.get(`/customer/${customer}`)).address).toEqual({ id: home, label: `Rua do Cliente ${tag}` });
    expect((await owner.api.delete('/address', { ids: [home] })).status).toBe(400);
    expect(ok(await owner.api.get(`/address/${home}`)).id).toBe(home);
  });
});
