import { type AuditLogRecord, auditLogEntity } from '@ebox/domain';
import { Select, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { auditLogEndpoints } from '../../kit/audit/audit-api';
import { AuditChanges } from '../../kit/audit/audit-changes';
import { actionLabelOf, entityLabelOf, entityOptions, knownActions, searchableText } from '../../kit/audit/audit-names';
import { AuditRecordLink } from '../../kit/audit/audit-record-link';
import { AuthorText } from '../../kit/audit/author-text';
import type { FieldDisplayProps } from '../../kit/fields/field-display';
import { EntityList } from '../../kit/list/entity-list';
import type { FieldDisplays } from '../../kit/view/record-view';
import { AuditLogDetail } from './audit-log-detail';
import { AuthorFilterSelect } from './author-filter';
import { useRoutineFilter } from './routine-switch';

function textOf(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** A list row as the page holds it: the answer of GET /auditLog (`auditLogPageSchema`). */
function isAuditEntry(record: Record<string, unknown> | undefined): record is AuditLogRecord & Record<string, unknown> {
  return typeof record?.timestamp === 'string' && typeof record.values === 'object';
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

/**
 * The column cuts its text with an ellipsis by default; these cells wrap instead, so a sentence, a
 * change and "Terminal RJ-COPA-01" read whole on a laptop without scrolling sideways.
 */
const WRAPPED = { whiteSpace: 'normal' } as const;

function AuthorCell({ value, record }: FieldDisplayProps) {
  return (
    <div style={WRAPPED}>
      <AuthorText email={textOf(value)} name={textOf(record?.authorName)} actorLabel={textOf(record?.actorLabel)} />
    </div>
  );
}

// Long names and values wrap inside their cells (global.css), so the list fits a laptop without scrolling sideways.
function RecordCell({ record }: FieldDisplayProps) {
  return isAuditEntry(record) ? (
    <div className="audit-cell-record" style={WRAPPED}>
      <AuditRecordLink entry={record} />
    </div>
  ) : null;
}

function ChangesCell({ record }: FieldDisplayProps) {
  return isAuditEntry(record) ? (
    <div className="audit-cell-changes" style={WRAPPED}>
      <AuditChanges entry={record} limit={3} />
    </div>
  ) : null;
}

function TimestampCell({ value }: FieldDisplayProps) {
  return <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(textOf(value))}</span>;
}

const DISPLAYS: FieldDisplays = {
  timestamp: TimestampCell,
  entityName: EntityNameCell,
  entityLabel: RecordCell,
  action: ActionCell,
  createdByEmail: AuthorCell,
  values: ChangesCell,
};

/** Options found by what the reader sees, whatever the case and accents ("clie" finds "Cliente"). */
function matchesLabel(input: string, option?: { label?: unknown }): boolean {
  return searchableText(String(option?.label ?? '')).includes(searchableText(input));
}

/**
 * /audit-logs (auditLogRead): the kit's list of the audit log's declaration (filters, sort and page
 * in the URL as every list keeps them), read only but exportable; each entry names its author, its
 * record (a link to it) and what it changed, and opens in a drawer with every change. The terminals'
 * routine reports are left out unless the reader turns the switch off (routine-switch.tsx).
 */
export default function AuditLogPage() {
  const { i18n } = useTranslation();
  const [selected, setSelected] = useState<AuditLogRecord | null>(null);
  const routine = useRoutineFilter();

  const filterControls = useMemo(() => {
    const actionOptions = knownActions()
      .map((action) => ({ value: action, label: actionLabelOf(i18n, action) }))
      .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
    return {
      entityName: <Select options={entityOptions(i18n)} allowClear showSearch={{ filterOption: matchesLabel }} />,
      action: <Select options={actionOptions} allowClear showSearch={{ filterOption: matchesLabel }} />,
      actorLabel: <AuthorFilterSelect />,
    };
  }, [i18n, i18n.language]);

  return (
    <>
      <EntityList
        entity={auditLogEntity}
        endpoints={auditLogEndpoints}
        readOnly
        exportable
        permissions={{ read: 'auditLogRead' }}
        onOpen={(record) => setSelected(isAuditEntry(record) ? record : null)}
        filterControls={filterControls}
        fixedFilter={routine.fixedFilter}
        description={routine.control}
        displays={DISPLAYS}
        testId="audit-log-list"
      />
      <AuditLogDetail row={selected} onClose={() => setSelected(null)} />
    </>
  );
}
