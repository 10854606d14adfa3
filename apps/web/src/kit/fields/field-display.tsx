import { PaperClipOutlined } from '@ant-design/icons';
import {
  actorLabelText,
  dateRangeOf,
  ENTITIES,
  type EntityDeclaration,
  type Field,
  fileRefsOf,
  formatPhone,
  isPlainObject,
  permissionOf,
  type RelationRef,
  relationRefsOf,
  stringsOf,
  textOf,
} from '@ebox/domain';
import { Space, Tag, Typography } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../app/current-user';
import { formatDateTime, formatNumber } from '../../app/format';
import { booleanLabel, displayLabel, enumLabel, fieldLabel } from '../entity-labels';
import { relatedViewPath } from '../screens';

const ImageThumbnails = lazy(() => import('./image-thumbnails'));

export type FieldDisplayProps = {
  entity: EntityDeclaration;
  path: string;
  field: Field;
  value: unknown;
  /** Lists show a compact form (first lines, small thumbnails). */
  compact?: boolean;
  /** The whole record, for displays that depend on other fields (a predefined role's description). */
  record?: Record<string, unknown>;
};

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** A related record links to its page when the user may read it (users to /iam). */
export function RelationLink({ target, item }: { target: string; item: RelationRef }) {
  const { t } = useTranslation();
  const { can } = useCurrentUser();
  const to = relatedViewPath(target, item.id);
  const related = ENTITIES[target];
  const readable = target === 'user' ? can('iamRead') : related ? can(permissionOf(related, 'Read')) : false;
  const label = displayLabel(t, target, item.label);
  return to && readable ? <Link to={to}>{label}</Link> : <span>{label}</span>;
}

/** A field's value as text, tags, links or thumbnails, by its type (lists and view pages). */
export function FieldDisplay({ entity, path, field, value, compact }: FieldDisplayProps): ReactNode {
  const { t, i18n } = useTranslation();
  if (field.type === 'boolean') return <Tag color={value ? 'green' : undefined}>{booleanLabel(t, Boolean(value))}</Tag>;
  if (isEmpty(value)) return compact ? null : <Typography.Text type="secondary">—</Typography.Text>;
  switch (field.type) {
    case 'text': {
      const text = String(value);
      if (field.secret) return '••••••';
      if (field.phone) return <span style={{ whiteSpace: 'nowrap' }}>{formatPhone(text)}</span>;
      if (field.document) return <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
      if (field.actor) return actorLabelText(t, text);
      if (field.url)
        return (
          <Typography.Link href={text} target="_blank" rel="noopener noreferrer">
            {text}
          </Typography.Link>
        );
      if (field.multiline)
        return compact ? (
          <Typography.Text ellipsis style={{ maxWidth: 320 }}>
            {text}
          </Typography.Text>
        ) : (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{text}</Typography.Paragraph>
        );
      return path === entity.labelField ? displayLabel(t, entity.name, text) : text;
    }
    case 'number':
      return formatNumber(Number(value), i18n.language, { scale: field.scale, currency: field.currency });
    case 'integer':
      // A number that names its record (an invoice's number) is an identifier: read as written, as its title reads.
      return path === entity.labelField ? String(value) : formatNumber(Number(value), i18n.language, { integer: true });
    case 'stringList':
      return (
        <Space size={[0, 4]} wrap>
          {stringsOf(value).map((item) => (
            <Tag key={item}>{item}</Tag>
          ))}
        </Space>
      );
    case 'dateTime':
      return formatDateTime(textOf(value));
    case 'dateRange': {
      const [start, end] = dateRangeOf(value) ?? [null, null];
      return `${formatDateTime(start)} – ${formatDateTime(end)}`;
    }
    case 'enum': {
      const values = Array.isArray(value) ? stringsOf(value) : [String(value)];
      if (!field.multiple) return enumLabel(t, entity, path, values[0] ?? '');
      return (
        <Space size={[0, 4]} wrap>
          {values.map((item) => (
            <Tag key={item}>{enumLabel(t, entity, path, item)}</Tag>
          ))}
        </Space>
      );
    }
    case 'relation': {
      const items = relationRefsOf(value);
      if (!field.multiple) return items[0] ? <RelationLink target={field.entity} item={items[0]} /> : null;
      return (
        <Space size={[0, 4]} wrap>
          {items.map((item) => (
            <Tag key={item.id}>
              <RelationLink target={field.entity} item={item} />
            </Tag>
          ))}
        </Space>
      );
    }
    case 'files': {
      const files = fileRefsOf(value);
      if (field.image)
        return (
          <Suspense fallback={null}>
            <ImageThumbnails files={files} size={compact ? 32 : 96} />
          </Suspense>
        );
      return (
        <Space orientation="vertical" size={0}>
          {files.map((file) => (
            <Typography.Link key={file.id ?? file.publicUrl} href={file.publicUrl} target="_blank" rel="noopener noreferrer">
              <PaperClipOutlined /> {file.name}
            </Typography.Link>
          ))}
        </Space>
      );
    }
    case 'object': {
      const record = isPlainObject(value) ? value : {};
      return (
        <Space orientation="vertical" size={2}>
          {Object.entries(field.fields).map(([name, inner]) => (
            <span key={name}>
              <Typography.Text type="secondary">{fieldLabel(t, entity, `${path}.${name}`)}: </Typography.Text>
              <FieldDisplay entity={entity} path={`${path}.${name}`} field={inner} value={record[name]} compact />
            </span>
          ))}
        </Space>
      );
    }
  }
}
