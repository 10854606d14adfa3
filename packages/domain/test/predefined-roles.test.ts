import { describe, expect, it } from 'vitest';
import { PREDEFINED_ROLES, translatorFor } from '../src/index';

describe('predefined roles', () => {
  it.each(['pt-BR', 'en'] as const)('has a translated name and description for each role in %s', (language) => {
    const t = translatorFor(language);
    for (const name of Object.keys(PREDEFINED_ROLES)) {
      expect(t(`roles.predefined.${name}.label`, { defaultValue: '' }), name).not.toBe('');
      expect(t(`roles.predefined.${name}.description`, { defaultValue: '' }), name).not.toBe('');
    }
  });
});
