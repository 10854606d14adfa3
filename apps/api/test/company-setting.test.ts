import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from './support/answers';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 33 item 4, spec 7.4: GET /company-setting/{type}?query answers one kind of the companies'
 * settings (an order form's order types, the overdue days) for the companies the caller may see.
 */

let t: TestApp;
let owner: TestUser;
let shipper: string;
let carrier: string;
const tag = `${Date.now() % 100_000}`;

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.createUser({ roles: ['owner'] });
  shipper = ok(
    await owner.api.post('/company', {
      data: {
        name: `Loja Ajustes ${tag}`,
        type: 'shipper',
        maxDaysOverdueDateDelivery: 5,
        companySettings: { orderTypes: ['DELIVERY', 'RETURN'], smsGateway: 'SINCH' },
      },
    }),
  ).id;
  carrier = ok(await owner.api.post('/company', { data: { name: `Transportadora Ajustes ${tag}`, type: 'carrier' } })).id;
});

afterAll(async () => {
  await t?.close();
});

describe('GET /company-setting/{type}', () => {
  it("answers each company's value of the setting asked, found by name or id", async () => {
    const types = ok(await owner.api.get('/company-setting/orderTypes', { query: `Ajustes ${tag}` }));
    expect(types.count).toBe(2);
    expect(types.rows).toEqual([
      { company: { id: shipper, label: `Loja Ajustes ${tag}` }, type: 'orderTypes', value: ['DELIVERY', 'RETURN'] },
      // Not set: null, the console's default applies.
      { company: { id: carrier, label: `Transportadora Ajustes ${tag}` }, type: 'orderTypes', value: null },
    ]);
    const days = ok(await owner.api.get('/company-setting/maxDaysOverdueDateDelivery', { query: shipper }));
    expect(days.rows).toEqual([{ company: { id: shipper, label: `Loja Ajustes ${tag}` }, type: 'maxDaysOverdueDateDelivery', value: 5 }]);
    expect(ok(await owner.api.get('/company-setting/smsGateway', { query: shipper })).rows[0]?.value).toBe('SINCH');
  });

  it("answers a limited user only their own companies' settings", async () => {
    const limited = await t.createUser({ permissions: ['companyAutocomplete'], allowedCompanies: [carrier] });
    const answer = ok(await limited.api.get('/company-setting/orderTypes', { query: `Ajustes ${tag}` }));
    expect(answer.rows.map((row: { company: { id: string } }) => row.company.id)).toEqual([carrier]);
    expect(ok(await limited.api.get('/company-setting/orderTypes', { query: shipper })).count).toBe(0);
  });

  it('refuses an unknown setting in words, a user who may not see companies, and nobody signed in', async () => {
    const unknown = await owner.api.get('/company-setting/password', {});
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('Configuração de empresa desconhecida: password');
    const stranger = await t.createUser({ permissions: ['orderRead'] });
    expect((await stranger.api.get('/company-setting/orderTypes', {})).status).toBe(403);
    expect((await t.api.get('/company-setting/orderTypes', {})).status).toBe(401);
  });
});
