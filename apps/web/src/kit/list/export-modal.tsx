import { type EntityDeclaration, type ExportFormat, exportColumnsOf } from '@ebox/domain';
import { exportByMailAreas as en } from '@ebox/domain/i18n/en/export-by-mail';
import { exportByMailAreas as ptBR } from '@ebox/domain/i18n/pt-BR/export-by-mail';
import { Alert, App, Checkbox, Form, Modal, Radio, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { useErrorHandler } from '../../app/error-handler';
import { addFeatureMessages } from '../../app/i18n';
import { tagForTests } from '../../app/tag-for-tests';
import { type EntityEndpoints, type ListRequest, saveBlob, timeZone } from '../entity-api';
import { entityPluralLabel, fieldAt, fieldLabel } from '../entity-labels';
import { DateRangeInput } from '../fields/date-inputs';
import { datePresetsOf } from './list-tools';

// An export by mail says so in the dialog's own words, whichever list opens it (issue 8's first-screen budget).
addFeatureMessages({ 'pt-BR': ptBR, en });

type ExportModalProps = {
  entity: EntityDeclaration;
  endpoints: EntityEndpoints;
  /** The list's current filters and sort, applied to the export. */
  request: Pick<ListRequest, 'filter' | 'orderBy'>;
  /**
   * The period an export by mail must name (the order export's creation period, at most 31 days):
   * the dialog asks it, starting from the list's own filter on that field, so the server never
   * refuses a period the user was not asked for.
   */
  period?: { field: string; maxDays: number };
  /** The rows picked in the list, sent as `ids` where the entity's export takes them (routes.exportTakesIds). */
  selectedIds?: readonly string[];
  open: boolean;
  onClose: () => void;
};

type Period = [string | null, string | null];

/** The list's filter on the period's field as [from, to], or the last days up to today when it names none. */
function initialPeriodOf(filter: ListRequest['filter'], field: string, maxDays: number): Period {
  const value = filter?.[field];
  if (Array.isArray(value) && (value[0] || value[1])) return [value[0] || null, value[1] || null];
  const today = dayjs().endOf('day');
  return [
    today
      .subtract(Math.min(30, maxDays) - 1, 'day')
      .startOf('day')
      .toISOString(),
    today.toISOString(),
  ];
}

/** The message key of a period the server would refuse, or undefined when it would take it. */
function periodProblemOf([from, to]: Period, maxDays: number): string | undefined {
  if (!from || !to) return 'orderExport.periodRequired';
  const [start, end]: [Dayjs, Dayjs] = [dayjs(from), dayjs(to)];
  if (end.isBefore(start)) return 'orderExport.periodInvalid';
  // The server's own measure (export-service.ts): the span in milliseconds against whole days.
  if (end.diff(start) > maxDays * 24 * 60 * 60 * 1000) return 'orderExport.periodTooLong';
  return undefined;
}

/**
 * Export to Excel (spec 2.8, 5.5): the user picks columns and the file (xlsx, or csv for very
 * large lists: Excel opens it in Brazil as is); the server streams it (sheet `data`) with the
 * list's filters and sort, so 100,000 rows never pass through the page's memory as objects. No
 * column chosen: 'exporterFields is required'.
 */
export function ExportModal({ entity, endpoints, request, period, selectedIds = [], open, onClose }: ExportModalProps) {
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
  const byMail = entity.routes?.export === false;
  // The picked rows narrow the export only where the server takes them; elsewhere the list's filters decide.
  const ids = byMail && entity.routes?.exportTakesIds && selectedIds.length ? [...selectedIds] : undefined;
  const [range, setRange] = useState<Period>(() => (period ? initialPeriodOf(request.filter, period.field, period.maxDays) : [null, null]));
  // A period the list already filters by is judged at once; the one the dialog proposes, when sent.
  const [periodChecked, setPeriodChecked] = useState(() => Boolean(period && request.filter?.[period.field]));
  const periodProblem = period ? periodProblemOf(range, period.maxDays) : undefined;

  const download = async () => {
    if (!chosen.length) {
      setMissing(true);
      return;
    }
    setPeriodChecked(true);
    if (periodProblem) return;
    setDownloading(true);
    try {
      const ordered = columns.filter((name) => chosen.includes(name));
      if (byMail) {
        // Spec 1 and 7.4: the server writes this export and mails its link; the answer only says it started.
        const filter = period ? { ...request.filter, [period.field]: [range[0] ?? '', range[1] ?? ''] } : request.filter;
        const answer = await api.get<{ success?: boolean }>(`/${entity.path}/export`, {
          fields: ordered,
          ...request,
          filter,
          format,
          timezone: timeZone(),
          ...(ids ? { ids } : {}),
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
      okText={byMail ? t('orderExport.send') : t('kit.export.download')}
      cancelText={t('kit.actions.cancel')}
      onOk={download}
      onCancel={onClose}
      confirmLoading={downloading}
      okButtonProps={{ ...tagForTests('export-download') }}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        {ids && (
          <Alert type="info" showIcon title={t('orderExport.selectedOnly', { count: ids.length })} data-testid="export-selected-only" />
        )}
        {period && (
          <Form.Item
            layout="vertical"
            label={t('orderExport.period')}
            htmlFor="export-period"
            required
            validateStatus={periodChecked && periodProblem ? 'error' : undefined}
            help={periodChecked && periodProblem ? t(periodProblem, { days: period.maxDays }) : undefined}
            extra={t('orderExport.periodHint', { days: period.maxDays })}
            style={{ marginBottom: 8 }}
            data-testid="export-period"
          >
            <DateRangeInput
              id="export-period"
              value={range}
              presets={datePresetsOf(t)}
              onChange={(next) => setRange(next ?? [null, null])}
            />
          </Form.Item>
        )}
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
