import { type EntityDeclaration, type ExportFormat, exportColumnsOf } from '@ebox/domain';
import { exportByMailAreas as en } from '@ebox/domain/i18n/en/export-by-mail';
import { exportByMailAreas as ptBR } from '@ebox/domain/i18n/pt-BR/export-by-mail';
import { Alert, App, Checkbox, Modal, Radio, Space } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { useErrorHandler } from '../../app/error-handler';
import { addFeatureMessages } from '../../app/i18n';
import { tagForTests } from '../../app/tag-for-tests';
import { type EntityEndpoints, type ListRequest, saveBlob, timeZone } from '../entity-api';
import { entityPluralLabel, fieldAt, fieldLabel } from '../entity-labels';

// An export by mail says so in the dialog's own words, whichever list opens it (issue 8's first-screen budget).
addFeatureMessages({ 'pt-BR': ptBR, en });

type ExportModalProps = {
  entity: EntityDeclaration;
  endpoints: EntityEndpoints;
  /** The list's current filters and sort, applied to the export. */
  request: Pick<ListRequest, 'filter' | 'orderBy'>;
  open: boolean;
  onClose: () => void;
};

/**
 * Export to Excel (spec 2.8, 5.5): the user picks columns and the file (xlsx, or csv for very
 * large lists: Excel opens it in Brazil as is); the server streams it (sheet `data`) with the
 * list's filters and sort, so 100,000 rows never pass through the page's memory as objects. No
 * column chosen: 'exporterFields is required'.
 */
export function ExportModal({ entity, endpoints, request, open, onClose }: ExportModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const handleError = useErrorHandler();
  const columns = useMemo(
    () =>
      // A declaration may list a column twice (createdAt among its list columns and as the default's last).
      [...new Set(exportColumnsOf(entity))].filter((name) => {
        const field = fieldAt(entity, name);
        return field && !(field.type === 'text' && field.secret);
      }),
    [entity],
  );
  const [chosen, setChosen] = useState<string[]>(columns);
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [missing, setMissing] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    if (!chosen.length) {
      setMissing(true);
      return;
    }
    setDownloading(true);
    try {
      const ordered = columns.filter((name) => chosen.includes(name));
      if (entity.routes?.export === false) {
        // Spec 1: the server writes this export and mails its link; the answer only says it started.
        const answer = await api.get<{ success?: boolean }>(`/${entity.path}/export`, {
          fields: ordered,
          ...request,
          format,
          timezone: timeZone(),
        });
        if (answer?.success) message.success(t('orderExport.started'));
        else message.error(t('orderExport.error'));
        onClose();
        return;
      }
      const { blob, fileName } = await endpoints.exportFile(ordered, { ...request, format });
      const name =
        fileName && fileName !== 'export.xlsx' ? fileName : `${entityPluralLabel(t, entity)}_${dayjs().format('YYYYMMDDHHmmss')}.${format}`;
      saveBlob(blob, name);
      message.success(t('kit.export.success', { fileName: name }));
      onClose();
    } catch (error) {
      handleError(error);
    } finally {
      setDownloading(false);
    }
  };

  const allChecked = chosen.length === columns.length;
  return (
    <Modal
      open={open}
      title={t('kit.export.title', { entity: entityPluralLabel(t, entity) })}
      okText={t('kit.export.download')}
      cancelText={t('kit.actions.cancel')}
      onOk={download}
      onCancel={onClose}
      confirmLoading={downloading}
      okButtonProps={{ ...tagForTests('export-download') }}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <span>{t('kit.export.chooseColumns')}</span>
        <Checkbox
          checked={allChecked}
          indeterminate={chosen.length > 0 && !allChecked}
          onChange={(e) => {
            setChosen(e.target.checked ? columns : []);
            setMissing(false);
          }}
          data-testid="export-select-all"
        >
          {t('kit.export.selectAll')}
        </Checkbox>
        <Checkbox.Group
          value={chosen}
          onChange={(next) => {
            setChosen(next);
            setMissing(false);
          }}
          style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 8 }}
          options={columns.map((name) => ({ value: name, label: fieldLabel(t, entity, name) }))}
        />
        <span>{t('kit.export.format')}</span>
        <Radio.Group
          value={format}
          onChange={(e) => setFormat(e.target.value)}
          options={[
            { value: 'xlsx', label: t('kit.export.formatXlsx') },
            { value: 'csv', label: t('kit.export.formatCsv') },
          ]}
          data-testid="export-format"
        />
        {missing && <Alert type="error" showIcon title={t('errors.exportColumnsMissing')} data-testid="export-error" />}
      </Space>
    </Modal>
  );
}
