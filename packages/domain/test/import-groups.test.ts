import { describe, expect, it } from 'vitest';
import { ENTITIES } from '../src/entities/index';
import { groupImportRows } from '../src/kit/import-groups';

const route = ENTITIES.route!;
const company = ENTITIES.company!;

describe('import rows joined by route name (issue 30, item 5)', () => {
  it('joins rows sharing a name, in the order each first appears, their codes in row order', () => {
    const groups = groupImportRows(route, [
      { values: { name: 'Orla', ebox: 'A, B' } },
      { values: { name: 'Centro', ebox: 'X' } },
      { values: { name: 'ORLA', ebox: 'C' } },
      { values: { name: ' orla ', ebox: null, notes: 'pelo Leblon' } },
    ]);
    expect(groups.map((group) => group.values)).toEqual([
      { name: 'Orla', ebox: ['A', 'B', 'C'], notes: 'pelo Leblon' },
      { name: 'Centro', ebox: ['X'] },
    ]);
    expect(groups[0]?.rows).toHaveLength(3);
  });

  it('keeps a row without a name alone, and names a column its rows disagree on', () => {
    const groups = groupImportRows(route, [
      { values: { name: null, ebox: 'A' } },
      { values: { name: null, ebox: 'B' } },
      { values: { name: 'Orla', ebox: 'A', company: 'Rápido' } },
      { values: { name: 'Orla', ebox: 'B', company: 'rapido' } },
      { values: { name: 'Orla', ebox: 'C', company: 'Outra' } },
    ]);
    expect(groups).toHaveLength(3);
    // Case and accents aside, 'Rápido' and 'rapido' agree; 'Outra' does not.
    expect(groups[2]?.disagreeingColumn).toBe('company');
  });

  it('leaves the rows of an entity without importGroupBy as they are', () => {
    const rows = [{ values: { name: 'A' } }, { values: { name: 'A' } }];
    expect(groupImportRows(company, rows).map((group) => group.values)).toEqual([{ name: 'A' }, { name: 'A' }]);
  });
});
