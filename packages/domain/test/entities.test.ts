import { describe, expect, it } from 'vitest';
import { type ClusterEboxSequence, ENTITIES, entityByPath, planCompartiments } from '../src/entities/index';
import { destroyOf, type EntityAction, exportColumnsOf, offersUpdate, permissionOf } from '../src/kit/entity';
import { isPermission } from '../src/permissions';

const SYSTEM_COLUMNS = ['id', 'createdAt', 'updatedAt'];
const ACTIONS: EntityAction[] = ['Read', 'Create', 'Edit', 'Destroy', 'Import', 'Autocomplete'];
const entities = Object.values(ENTITIES);

describe('entity declarations', () => {
  it('registers each entity under its own name with a unique path and table', () => {
    for (const [name, entity] of Object.entries(ENTITIES)) expect(entity.name).toBe(name);
    expect(new Set(entities.map((e) => e.path)).size).toBe(entities.length);
    expect(new Set(entities.map((e) => e.table)).size).toBe(entities.length);
  });

  it('uses the routes of spec 2.6 and 7.3', () => {
    expect(entityByPath('building-level1')?.name).toBe('buildingLevel1');
    expect(entityByPath('building-level2')?.name).toBe('buildingLevel2');
    for (const name of ['customer', 'product', 'eboxModule', 'compartimentLayout', 'qrcodeTemplate', 'eboxModuleCompartiment', 'ccm']) {
      expect(ENTITIES[name]?.path).toBe(name);
    }
  });

  it.each(entities.map((e) => [e.name, e] as const))('%s names only declared fields in its columns, filters and label', (_name, entity) => {
    const known = new Set([...Object.keys(entity.fields), ...SYSTEM_COLUMNS]);
    const unknown = [
      ...entity.listColumns,
      ...entity.filters,
      ...entity.importColumns,
      ...exportColumnsOf(entity),
      entity.labelField,
    ].filter((column) => !known.has(column));
    expect(unknown).toEqual([]);
    expect(entity.fields[entity.labelField]).toBeDefined();
    for (const column of entity.importColumns) expect(entity.fields[column]?.readOnly).not.toBe(true);
    if (entity.defaultOrderBy) expect(known.has(entity.defaultOrderBy.replace(/_(ASC|DESC)$/, ''))).toBe(true);
  });

  it.each(entities.filter((e) => e.formSections).map((e) => [e.name, e] as const))(
    '%s puts each of its form fields in at most one section, and names no other',
    (_name, entity) => {
      const named = (entity.formSections ?? []).flatMap((section) => section.fields);
      expect(new Set(named).size).toBe(named.length);
      const notInForm = named.filter((name) => {
        const field = entity.fields[name];
        return !field || field.readOnly || field.hideInForm;
      });
      expect(notInForm).toEqual([]);
    },
  );

  it.each(entities.map((e) => [e.name, e] as const))('%s guards every action it offers with a registered permission', (_name, entity) => {
    // An inbound is never edited, imported or deleted (spec 6: inbound has create, read, autocomplete).
    const offered = ACTIONS.filter(
      (action) =>
        !(action === 'Edit' && !offersUpdate(entity)) &&
        !(action === 'Destroy' && !destroyOf(entity)) &&
        !(action === 'Import' && entity.noImport),
    );
    for (const action of offered) expect(isPermission(permissionOf(entity, action)), action).toBe(true);
  });

  it.each(entities.map((e) => [e.name, e] as const))(
    '%s guards only its own filters, each with a registered permission',
    (_name, entity) => {
      for (const [filter, permission] of Object.entries(entity.filterPermissions ?? {})) {
        expect(entity.filters, filter).toContain(filter);
        expect(isPermission(permission), permission).toBe(true);
      }
    },
  );

  it('points relations at declared entities (or the platform user)', () => {
    for (const entity of entities) {
      for (const [fieldName, field] of Object.entries(entity.fields)) {
        if (field.type !== 'relation') continue;
        expect(field.entity === 'user' || Boolean(ENTITIES[field.entity]), `${entity.name}.${fieldName} -> ${field.entity}`).toBe(true);
      }
    }
  });

  it('scopes by company every entity that belongs to a company', () => {
    for (const entity of entities) {
      if (entity.name === 'company') {
        expect(entity.scope).toEqual({ kind: 'self' });
        continue;
      }
      // A role without company is a role of every company, so roles stay visible to everyone.
      if (entity.name === 'role') continue;
      const company = entity.fields.company;
      // Lockers are scoped by company and, for a company limited to a locker group, by that group.
      if (entity.name === 'ebox') expect(entity.scope).toEqual({ kind: 'company', field: 'company', lockerGroups: true });
      // An order is also seen by the distribution company that carries it.
      else if (entity.name === 'order') {
        expect(entity.scope).toEqual({ kind: 'company', field: 'company', operatedBy: 'carrier' });
        expect(entity.fields.carrier).toMatchObject({ type: 'relation', entity: 'company' });
      } else if (company?.type === 'relation' && company.entity === 'company')
        expect(entity.scope, entity.name).toEqual({ kind: 'company', field: 'company' });
      // Without a company relation an entity is shared, scoped through the company's group, or
      // through the scoped record it belongs to (a compartment's locker, a cluster link's cluster).
      else if (entity.scope.kind === 'through')
        expect(entity.fields[entity.scope.field], entity.name).toMatchObject({ type: 'relation', entity: entity.scope.entity });
      else expect(['none', 'companyGroup'], entity.name).toContain(entity.scope.kind);
    }
  });

  it('nests module compartments under their module and building levels 1 under their building', () => {
    const compartiment = ENTITIES.eboxModuleCompartiment!;
    expect(compartiment.parent).toEqual({ field: 'eboxModule', entity: 'eboxModule' });
    expect(permissionOf(compartiment, 'Edit')).toBe('eboxModuleEdit');
    expect(ENTITIES.buildingLevel1?.parent).toEqual({ field: 'building', entity: 'building' });
    expect(ENTITIES.buildingLevel1?.importColumns).toEqual(['name', 'level2']);
    expect(ENTITIES.buildingLevel2?.importColumns).toEqual(['name', 'customers']);
  });
});

describe('planCompartiments', () => {
  const layout = (code: string) => ({ code, width: 40, height: code === 'G' ? 40 : 10, depth: 50 });
  // Left to right: a module with P above G on the locker's board, a module of three P on board 2.
  const modules = [
    {
      boardNumber: null,
      positions: [
        { staticNumber: 2, pcd: false, layout: layout('G') },
        { staticNumber: 1, pcd: true, layout: layout('P') },
      ],
    },
    { boardNumber: 2, positions: [1, 2, 3].map((staticNumber) => ({ staticNumber, pcd: false, layout: layout('P') })) },
  ];
  const physical = (sequence: ClusterEboxSequence) => {
    const planned = planCompartiments(modules, { sequence, startNumber: 1, defaultBoardNumber: 7 });
    return planned
      .slice()
      .sort((a, b) => a.moduleIndex - b.moduleIndex || a.numberInColumn - b.numberInColumn)
      .map((c) => c.number);
  };

  it('numbers each of the four sequences of spec 4.1', () => {
    expect(physical('LR-TB')).toEqual([1, 2, 3, 4, 5]);
    expect(physical('LR-BT')).toEqual([2, 1, 5, 4, 3]);
    expect(physical('RL-TB')).toEqual([4, 5, 1, 2, 3]);
    expect(physical('RL-BT')).toEqual([5, 4, 3, 2, 1]);
  });

  it('wires each board in physical order and takes sizes from the layouts', () => {
    const planned = planCompartiments(modules, { sequence: 'RL-BT', startNumber: 100, defaultBoardNumber: 7 });
    const byPlace = planned.slice().sort((a, b) => a.moduleIndex - b.moduleIndex || a.numberInColumn - b.numberInColumn);
    expect(byPlace.map((c) => [c.boardNumber, c.comNumber, c.size, c.pcd])).toEqual([
      [7, 1, 'P', true],
      [7, 2, 'G', false],
      [2, 1, 'P', false],
      [2, 2, 'P', false],
      [2, 3, 'P', false],
    ]);
    expect(planned[0]?.number).toBe(100);
  });
});
