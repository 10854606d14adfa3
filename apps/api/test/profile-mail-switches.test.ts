import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from './support/answers';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Issue 28, items 4 and 5: a user asks for the alert digest and the weekly summary on their profile
 * (`alertDigest`, `weeklySummary` on PUT /auth/profile). A switch is on or off: anything else an
 * integrator sends (a "yes", a 1, a null) is refused with the validation error in the caller's
 * language, and the whole profile stays as it was, so no mail starts or stops on a guess.
 */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** The switches named as the profile page names them, not by their keys. */
const LABELS: Record<string, Record<'en' | 'pt-BR', string>> = {
  alertDigest: { en: 'Daily alert digest', 'pt-BR': 'Resumo diário dos alertas' },
  weeklySummary: { en: 'Weekly dashboard summary', 'pt-BR': 'Resumo semanal do painel' },
};
const WRONG_TYPE = {
  en: (field: string) => `${LABELS[field]?.en} has a value of the wrong type`,
  'pt-BR': (field: string) => `O campo ${LABELS[field]?.['pt-BR']} tem um valor do tipo errado`,
};

describe('the profile mail switches', () => {
  it.each([
    ['alertDigest', 'yes'],
    ['alertDigest', 1],
    ['alertDigest', null],
    ['weeklySummary', 'true'],
    ['weeklySummary', 0],
    ['weeklySummary', null],
  ])('refuse %s = %j with a translated 400 and change nothing', async (field, value) => {
    const user = await t.createUser({ firstName: 'Ana' });
    // One switch on and one off, so a refused change of either would show.
    ok(await user.api.put('/auth/profile', { profile: { alertDigest: true, weeklySummary: false } }));
    for (const language of ['en', 'pt-BR'] as const) {
      // Sent beside a valid change: the refusal takes the whole profile, not only the bad switch.
      const answer = await t.client(user.token, language).put('/auth/profile', { profile: { firstName: 'Beatriz', [field]: value } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.error).toMatchObject({
        code: 'validation',
        message: WRONG_TYPE[language](field),
        fields: [{ path: `profile.${field}`, message: WRONG_TYPE[language](field) }],
      });
    }
    expect(ok(await user.api.get('/auth/me'))).toMatchObject({ firstName: 'Ana', alertDigest: true, weeklySummary: false });
  });
});
