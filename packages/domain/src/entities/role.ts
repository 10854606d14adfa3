import { LANGUAGES } from '../i18n/languages';
import { defineEntity } from '../kit/entity';
import { messageAt, normalizedKey } from '../kit/import-values';
import { PERMISSIONS, PREDEFINED_ROLES } from '../permissions';

/** A predefined role named by its translated name in either language ('Leitor de clientes' is customerViewer). */
function predefinedRoleNamed(text: string): string | undefined {
  const wanted = normalizedKey(text);
  return Object.keys(PREDEFINED_ROLES).find((name) =>
    LANGUAGES.some((language) => {
      const label = messageAt(language, ['roles', 'predefined', name, 'label']);
      return typeof label === 'string' && normalizedKey(label) === wanted;
    }),
  );
}

export const role = defineEntity({
  name: 'role',
  path: 'role',
  table: 'role',
  labelField: 'name',
  naturalKey: ['name'],
  naturalKeyAlias: predefinedRoleNamed,
  scope: { kind: 'none' },
  noImport: true,
  fields: {
    name: {
      type: 'text',
      required: true,
      min: 2,
      max: 255,
      unique: true,
      // Predefined roles are stored by key ('viewer') and read by their translated name ('Leitor').
      translated: { values: Object.keys(PREDEFINED_ROLES), key: (name) => `roles.predefined.${name}.label` },
    },
    description: { type: 'text', max: 2000, multiline: true },
    company: { type: 'relation', entity: 'company' },
    permissions: { type: 'enum', options: PERMISSIONS, multiple: true, required: true },
    /** Seeded roles of spec 6; their name cannot change. */
    predefined: { type: 'boolean', readOnly: true },
  },
  listColumns: ['name', 'description', 'company', 'createdAt'],
  filters: ['name', 'company'],
  importColumns: [],
  defaultOrderBy: 'name_ASC',
});
