import type { EntityDeclaration, Field } from '@ebox/domain';
import { Descriptions, type DescriptionsProps, Grid } from 'antd';

type DescriptionsItemType = NonNullable<DescriptionsProps['items']>[number];

import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldLabel, SYSTEM_FIELDS } from '../entity-labels';
import { FieldDisplay, type FieldDisplayProps } from '../fields/field-display';

export type FieldDisplays = Record<string, ComponentType<FieldDisplayProps>>;

/**
 * A lifecycle's stamp (when, and who) not yet written: the moment has not come, or never comes for
 * this record's kind (an order's expiry stamps on a picked-up delivery). Its history tells the story,
 * so the record does not list a dash for each (issue 29: twenty of them on an order).
 */
function isUnwrittenStamp(field: Field, value: unknown): boolean {
  const lifecycle = (field.type === 'dateTime' && field.stamp) || (field.type === 'text' && field.actor);
  return Boolean(lifecycle) && (value === null || value === undefined || value === '');
}

/** Every field of a record (secrets and unwritten stamps excepted), then id and timestamps, as the view page shows them. */
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
    ...Object.entries(entity.fields).filter(
      ([name, field]) => !(field.type === 'text' && field.secret) && !isUnwrittenStamp(field, record[name]),
    ),
    ...Object.entries(SYSTEM_FIELDS),
  ];
  const wide = (field: Field) =>
    field.type === 'object' ||
    field.type === 'files' ||
    (field.type === 'text' && field.multiline) ||
    (field.type === 'enum' && field.multiple);
  // Two columns on wide screens; a wide value starts its own row, the item before it closing the previous one.
  const items: DescriptionsItemType[] = [];
  let column = 0;
  for (const [name, field] of entries) {
    const Display = displays[name] ?? FieldDisplay;
    const isWide = wide(field);
    const previous = items[items.length - 1];
    if (isWide && column === 1 && previous) previous.span = 'filled';
    items.push({
      key: name,
      label: fieldLabel(t, entity, name),
      span: isWide ? 'filled' : 1,
      children: <Display entity={entity} path={name} field={field} value={record[name]} record={record} />,
    });
    column = isWide ? 0 : (column + 1) % 2;
  }
  // Labels on one line where there is room; on a phone a long one ("Configuração verificada em")
  // wraps, or with a long value beside it the table would be wider than the screen.
  const roomy = Grid.useBreakpoint().md !== false;
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 1, md: 2 }}
      styles={{ label: { whiteSpace: roomy ? 'nowrap' : 'normal' } }}
      items={items}
    />
  );
}
