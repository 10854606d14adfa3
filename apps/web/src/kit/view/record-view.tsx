import type { EntityDeclaration, Field } from '@ebox/domain';
import { Descriptions } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldLabel, SYSTEM_FIELDS } from '../entity-labels';
import { FieldDisplay, type FieldDisplayProps } from '../fields/field-display';

export type FieldDisplays = Record<string, ComponentType<FieldDisplayProps>>;

/** Every field of a record (secrets excepted), then id and timestamps, as the view page shows them. */
export function RecordView({
  entity,
  record,
  displays = {},
}: {
  entity: EntityDeclaration;
  record: Record<string, unknown>;
  displays?: FieldDisplays;
}) {
  const { t } = useTranslation();
  const entries: [string, Field][] = [
    ...Object.entries(entity.fields).filter(([, field]) => !(field.type === 'text' && field.secret)),
    ...Object.entries(SYSTEM_FIELDS),
  ];
  const wide = (field: Field) =>
    field.type === 'object' ||
    field.type === 'files' ||
    (field.type === 'text' && field.multiline) ||
    (field.type === 'enum' && field.multiple);
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 1, md: 2 }}
      items={entries.map(([name, field]) => {
        const Display = displays[name] ?? FieldDisplay;
        return {
          key: name,
          label: fieldLabel(t, entity, name),
          span: wide(field) ? 'filled' : 1,
          children: <Display entity={entity} path={name} field={field} value={record[name]} />,
        };
      })}
    />
  );
}
