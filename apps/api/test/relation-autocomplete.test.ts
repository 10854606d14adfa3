import { autocompleteGrantsOf, ENTITIES, missingDependencies } from '@ebox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithTwoCompanies, type TestApp } from './support/test-app';

/**
 * A relation picker answers whoever may fill the form in: a user who may create customers searches
 * the companies a customer can belong to, within their own companies, without holding the
 * company's own read or autocomplete permission (docs/api-contract.md "Relation pickers").
 */

let t: TestApp;
let companyA: string;
let companyB: string;

beforeAll(async () => {
  ({ t, companyA, companyB } = await startWithTwoCompanies(
    { name: 'Picker Alfa', type: 'carrier' },
    { name: 'Picker Beta', type: 'shipper' },
  ));
});
afterAll(async () => {
  await t?.close();
});

describe('relation autocomplete', () => {
  it('answers a customer creator limited to one company with that company only', async () => {
    const creator = await t.createUser({ permissions: ['customerRead', 'customerCreate'], allowedCompanies: [companyA] });
    const answer = await creator.api.get('/company/autocomplete?query=Picker');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual([{ id: companyA, label: 'Picker Alfa' }]);
    const saved = await creator.api.post('/customer', { data: { name: 'Cliente do picker', company: companyA } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it('answers an unlimited customer editor with every company', async () => {
    const editor = await t.createUser({ permissions: ['customerRead', 'customerEdit'] });
    const answer = await editor.api.get('/company/autocomplete?query=Picker');
    expect(answer.status).toBe(200);
    expect((answer.body as { id: string }[]).map((ref) => ref.id).sort()).toEqual([companyA, companyB].sort());
  });

  it('still refuses a reader who fills no form with a company in it', async () => {
    const reader = await t.createUser({ permissions: ['customerRead'] });
    expect((await reader.api.get('/company/autocomplete?query=Picker')).status).toBe(403);
  });

  it('derives the grants from the declarations', () => {
    const company = ENTITIES.company;
    if (!company) throw new Error('company is declared');
    expect(autocompleteGrantsOf(company)).toEqual(expect.arrayContaining(['companyAutocomplete', 'customerCreate', 'iamCreate']));
    expect(autocompleteGrantsOf(company)).not.toContain('customerRead');
  });

  it('lists what a role lacks for the permissions it holds', () => {
    expect(missingDependencies(['customerCreate', 'customerEdit', 'companyRead'])).toEqual([
      { permission: 'customerCreate', missing: ['customerRead'] },
      { permission: 'customerEdit', missing: ['customerRead'] },
    ]);
    expect(missingDependencies(['customerRead', 'customerCreate'])).toEqual([]);
  });
});
