import { ENTITIES, entityPageSchema, secretFieldsOf } from '@ebox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_PREFIX } from '../src/app';
import { type SampleContext, sampleData } from './support/entity-samples';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 9, item 3: a list page is read and written by the kit's own fast path (kit/driver.ts,
 * kit/page-serializer.ts). What an integrator receives must stay the text the zod page schema's
 * encoder writes, and each row the record GET /{res}/{id} answers, for every entity.
 */

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.createUser({ roles: ['owner'] });
});
afterAll(() => t?.close());

async function text(path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${t.baseUrl}${API_PREFIX}${path}`, {
    headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'en' },
  });
  return { status: response.status, text: await response.text() };
}

describe('a list page as text', () => {
  it('is what the page schema encodes, and each row is its record as GET /{res}/{id} answers it', async () => {
    const context: SampleContext = { api: owner.api, cache: new Map() };
    const listed: string[] = [];
    for (const entity of Object.values(ENTITIES)) {
      // Every field filled where the sample knows how (relations included), so every member is written.
      const data = await sampleData(context, entity, { allRelations: true }).catch(() => null);
      const created = data ? await owner.api.post(`/${entity.path}`, { data }) : null;
      if (created?.status !== 200) continue;
      const id = created.body.id as string;
      const page = await text(`/${entity.path}?filter[id]=${id}&limit=5`);
      expect(page.status, `${entity.name}: ${page.text}`).toBe(200);
      const parsed = JSON.parse(page.text);
      expect(page.text, entity.name).toBe(JSON.stringify(z.encode(entityPageSchema(entity), parsed)));
      const record = await text(`/${entity.path}/${id}`);
      // A secret (an order's access code) is never in a list; the record shows it to who may see it.
      const withoutSecrets = { ...JSON.parse(record.text) };
      for (const name of secretFieldsOf(entity.fields)) if (name in withoutSecrets) withoutSecrets[name] = null;
      expect(JSON.stringify(parsed.rows[0]), entity.name).toBe(JSON.stringify(withoutSecrets));
      listed.push(entity.name);
    }
    expect(listed.length).toBeGreaterThan(10);
  });

  it('writes an empty page as the schema does', async () => {
    const page = await text('/customer?filter[name]=nobody-at-all&limit=5');
    expect(page.text).toBe('{"rows":[],"count":0}');
  });
});
