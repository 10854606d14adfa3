import { type AuditLogRecord, auditLogEntity } from '@ebox/domain';
import { AutoComplete, Input, Select, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDisplayProps } from '../../kit/fields/field-display';
import { EntityList } from '../../kit/list/entity-list';
import type { FieldDisplays } from '../../kit/view/record-view';
import { AuditLogDetail } from './audit-log-detail';
import { actionLabelOf, auditedEntityNames, entityLabelOf, knownActions } from './audit-log-names';
import { AuthorText } from './author-text';

function textOf(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function EntityNameCell({ value }: FieldDisplayProps) {
  const { i18n } = useTranslation();
  const name = textOf(value);
  return name ? entityLabelOf(i18n, name) : null;
}

function ActionCell({ value }: FieldDisplayProps) {
  const { i18n } = useTranslation();
  const action = textOf(value);
  return action ? <Tag>{actionLabelOf(i18n, action)}</Tag> : null;
}

function AuthorCell({ value, record }: FieldDisplayProps) {
  return <AuthorText email={textOf(value)} actorLabel={textOf(record?.actorLabel)} />;
}

function RecordIdCell({ value }: FieldDisplayProps) {
  return <Typography.Text type="secondary">{textOf(value) ?? '—'}</Typography.Text>;
}

const DISPLAYS: FieldDisplays = { entityName: EntityNameCell, action: ActionCell, createdByEmail: AuthorCell, entityId: RecordIdCell };

/** A list row as the page holds it: the answer of GET /auditLog (`auditLogPageSchema`). */
function isAuditEntry(record: { id: string } & Record<string, unknown>): record is AuditLogRecord & Record<string, unknown> {
  return typeof record.timestamp === 'string' && typeof record.values === 'object';
}

/**
 * /audit-logs (auditLogRead): the kit's list of the audit log's declaration (filters, sort and page
 * in the URL as every list keeps them), read only; an entry opens in a drawer with its values
 * before and after.
 */
export default function AuditLogPage() {
  const { i18n } = useTranslation();
  const [selected, setSelected] = useState<AuditLogRecord | null>(null);

  const filterControls = useMemo(() => {
    const entityOptions = auditedEntityNames().map((name) => ({ value: name, label: `${entityLabelOf(i18n, name)} (${name})` }));
    const actionOptions = knownActions(i18n).map((action) => ({ value: action, label: actionLabelOf(i18n, action) }));
    return {
      entityName: (
        <AutoComplete
          options={entityOptions}
          allowClear
          filterOption={(input, option) =>
            String(option?.label ?? '')
              .toLowerCase()
              .includes(input.toLowerCase())
          }
        >
          <Input autoFocus />
        </AutoComplete>
      ),
      action: <Select options={actionOptions} allowClear showSearch={{ optionFilterProp: 'label' }} />,
    };
  }, [i18n, i18n.language]);

  return (
    <>
      <EntityList
        entity={auditLogEntity}
        readOnly
        permissions={{ read: 'auditLogRead' }}
        onOpen={(record) => setSelected(isAuditEntry(record) ? record : null)}
        filterControls={filterControls}
        displays={DISPLAYS}
        testId="audit-log-list"
      />
      <AuditLogDetail row={selected} onClose={() => setSelected(null)} />
    </>
  );
}
