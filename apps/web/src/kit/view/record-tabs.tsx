import { EllipsisOutlined } from '@ant-design/icons';
import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/current-user';
import { RecordHistory } from '../audit/record-history';

/**
 * The record and, for readers of the audit log, its history: the log's entries of this record in
 * words (the history's list is loaded only when its tab opens).
 */
export function RecordTabs({ entityName, id, children }: { entityName: string; id: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { can } = useCurrentUser();
  if (!can('auditLogRead')) return children;
  return (
    <Tabs
      // antd's overflow button holds only an icon, read as "ellipsis" without this name.
      more={{ icon: <EllipsisOutlined aria-label={t('kit.moreTabs')} /> }}
      size="small"
      items={[
        { key: 'record', label: t('auditLog.recordTab'), children },
        { key: 'history', label: t('auditLog.historyTab'), children: <RecordHistory entityName={entityName} id={id} /> },
      ]}
    />
  );
}
