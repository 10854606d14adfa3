import { DECLARED_ENTITIES, type EntityDeclaration } from '@ebox/domain';
import { describe, expect, it } from 'vitest';
import { columnFitOf } from '../src/kit/list/column-widths';

const fitOf = (entity: EntityDeclaration, path: string) => columnFitOf(entity, path, entity.fields[path]);

describe('how a list cell too narrow for its value gives way (issue 29, item 4)', () => {
  it("wraps a locker's code, a status and a date, and cuts free text only", () => {
    const { ebox } = DECLARED_ENTITIES;
    expect(fitOf(ebox, 'code')).toBe('wrap');
    expect(fitOf(ebox, 'status')).toBe('wrap');
    expect(fitOf(ebox, 'lastHeartBeat')).toBe('wrap');
    expect(fitOf(ebox, 'city')).toBe('ellipsis');
    // Unique, but as long as free text (a device id): cut, shown whole on hover.
    expect(fitOf(ebox, 'terminalId')).toBe('ellipsis');
  });
});
