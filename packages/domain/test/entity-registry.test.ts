import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { entityRegistryFiles, pathInSource } from '../scripts/entity-registry';
import { DECLARED_ENTITIES } from '../src/entities/index';
import { PERMISSIONS } from '../src/permissions';

describe('the lists written from the entity declarations', () => {
  it('name every declaration and translation on disk (`npm run db:generate -w @ebox/api` writes them)', async () => {
    for (const [file, contents] of Object.entries(await entityRegistryFiles()))
      expect(readFileSync(pathInSource(file), 'utf8'), file).toBe(contents);
  });

  it('give every declared entity its permissions, under its own name or the prefix it borrows', () => {
    for (const entity of Object.values(DECLARED_ENTITIES)) {
      expect(PERMISSIONS, entity.name).toContain(`${'permissionPrefix' in entity ? entity.permissionPrefix : entity.name}Create`);
    }
  });
});
