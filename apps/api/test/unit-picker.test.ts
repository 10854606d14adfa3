import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 8 item 11: the customer form's unit picker lists the units of the chosen company's
 * buildings, each labelled with its way up ("Edifício Aurora · Bloco A · 101"); the kit's
 * autocomplete takes the list's filters, so any relation picker can be narrowed the same way.
 */

let t: TestApp;
let owner: TestUser;
let companyA: string;
let companyB: string;
let unitA: string;
let unitB: string;

async function created(path: string, data: Record<string, unknown>): Promise<string> {
  const answer = await owner.api.post(path, { data });
  expect(answer.status).toBe(200);
  return answer.body.id;
}

async function unitIn(company: string, buildingName: string, level1Name: string, unitName: string): Promise<string> {
  const building = await created('/building', { name: buildingName, company, level1: 'Bloco', level2: 'Apartamento' });
  const unit = await created('/building-level2', { name: unitName });
  await created('/building-level1', { name: level1Name, building, company, level2: [unit] });
  return unit;
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.createUser({ roles: ['owner'] });
  companyA = await created('/company', { name: 'Condomínio Aurora', type: 'shipper' });
  companyB = await created('/company', { name: 'Condomínio Ipê', type: 'shipper' });
  unitA = await unitIn(companyA, 'Edifício Aurora', 'Bloco A', '101');
  unitB = await unitIn(companyB, 'Residencial Ipê', 'Torre 1', '101');
});
afterAll(() => t?.close());

describe('the unit picker', () => {
  it("lists only the chosen company's units, labelled with their building and level 1", async () => {
    const ofA = await owner.api.get('/building-level2/autocomplete', { query: '101', filter: { company: companyA } });
    expect(ofA.status).toBe(200);
    expect(ofA.body).toEqual([{ id: unitA, label: 'Edifício Aurora · Bloco A · 101' }]);
    const ofB = await owner.api.get('/building-level2/autocomplete', { filter: { company: companyB } });
    expect(ofB.body).toEqual([{ id: unitB, label: 'Residencial Ipê · Torre 1 · 101' }]);
    const byBuilding = await owner.api.get('/building-level2/autocomplete', { query: 'aurora' });
    expect(byBuilding.body).toEqual([{ id: unitA, label: 'Edifício Aurora · Bloco A · 101' }]);
  });

  it('shows a limited caller no names of buildings outside their companies', async () => {
    const limited = await t.createUser({ roles: ['viewer'], allowedCompanies: [companyA] });
    const all = await limited.api.get('/building-level2/autocomplete', { query: '101' });
    expect(all.body.map((row: { label: string }) => row.label).sort()).toEqual(['101', 'Edifício Aurora · Bloco A · 101']);
    expect((await limited.api.get('/building-level2/autocomplete', { filter: { company: companyB } })).body).toEqual([]);
  });

  it("presents a customer's saved unit with the label the picker gave it", async () => {
    const customer = await created('/customer', { name: 'Maria Souza', company: companyA, buildingLevel2: unitA });
    const answer = await owner.api.get(`/customer/${customer}`);
    expect(answer.status).toBe(200);
    expect(answer.body.buildingLevel2).toEqual({ id: unitA, label: 'Edifício Aurora · Bloco A · 101' });
    const limited = await t.createUser({ roles: ['viewer'], allowedCompanies: [companyA] });
    expect((await limited.api.get(`/customer/${customer}`)).body.buildingLevel2.label).toBe('Edifício Aurora · Bloco A · 101');
  });

  it('refuses a filter it does not know', async () => {
    const answer = await owner.api.get('/building-level2/autocomplete', { filter: { building: companyA } });
    expect(answer.status).toBe(400);
    expect((await owner.api.get('/building-level2/autocomplete', { filter: { company: 'nope' } })).status).toBe(400);
  });
});

describe('any autocomplete', () => {
  it("takes the list's filters", async () => {
    const buildings = await owner.api.get('/building/autocomplete', { filter: { company: companyB } });
    expect(buildings.status).toBe(200);
    expect(buildings.body.map((row: { label: string }) => row.label)).toEqual(['Residencial Ipê']);
    expect((await owner.api.get('/building/autocomplete', { filter: { level1: 'x' } })).status).toBe(400);
  });
});
