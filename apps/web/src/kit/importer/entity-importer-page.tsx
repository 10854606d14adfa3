import { DownloadOutlined, PauseOutlined, PlayCircleOutlined, RedoOutlined, UploadOutlined, WarningOutlined } from '@ant-design/icons';
import { type EntityDeclaration, isPlainObject } from '@ebox/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Progress, Space, Table, type TableColumnsType, Tag, Typography, Upload } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { announce } from '../../app/announcer';
import { useErrorHandler } from '../../app/error-handler';
import { PageTitle } from '../../app/page-title';
import { type EntityEndpoints, endpointsOf, entityKeys, saveBlob } from '../entity-api';
import { entityPluralLabel, fieldLabel } from '../entity-labels';
import { namedPageLinks } from '../list/page-links';
import { TABLE_SCROLLBAR } from '../list/table-scrollbar';
import { useEntityNavigation } from '../navigation';
import { useRouteEntity } from '../route-entity';
import { type ImportRow, type ImportRowStatus, useImportRun } from './use-import-run';
import { buildFailedRowsFile, buildTemplate, type ImportFile, type ImportFileError, readImportFile } from './workbook';
import './messages';

const STATUS_COLORS: Record<ImportRowStatus, string> = { pending: 'default', imported: 'success', error: 'error' };

function displayOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  // A list of codes or names (a route's lockers) reads as the sheet wrote it, not as JSON.
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) return value.map(displayOf).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export type EntityImporterPageProps = {
  /** Defaults to the route's entity. */
  entity?: EntityDeclaration;
  endpoints?: EntityEndpoints;
  /** Where "back" goes; the entity's list by default. */
  backPath?: string;
  /** Extra guidance shown under the intro (IAM: roles by id). */
  hint?: ReactNode;
};

/** /{entity}/importer (spec 5.4, 4.4). */
export function EntityImporterPage(props: EntityImporterPageProps) {
  const entity = useRouteEntity(props.entity);
  // Every entity shares this page component: a new entity is a new import run, not the last one's rows.
  return <EntityImporterScreen key={entity.name} {...props} entity={entity} />;
}

function EntityImporterScreen({ entity, endpoints: custom, backPath, hint }: EntityImporterPageProps & { entity: EntityDeclaration }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const handleError = useErrorHandler();
  const queryClient = useQueryClient();
  const endpoints = useMemo(() => custom ?? endpointsOf(entity), [custom, entity]);
  const importer = useImportRun(entity, endpoints);
  const navigation = useEntityNavigation(entity);
  const [fileError, setFileError] = useState<ImportFileError | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [file, setFile] = useState<ImportFile | null>(null);
  const [reading, setReading] = useState(false);
  const [building, setBuilding] = useState(false);
  const plural = entityPluralLabel(t, entity);
  const { phase, counts } = importer;
  // The rows' statuses change by themselves as batches come back: said once per batch (and once the
  // file is checked). The end is said by the summary's alert, the pause by its own.
  const tally = t('kit.importer.summary', counts);
  const tellsTally = phase === 'ready' || phase === 'running' || phase === 'pausing';
  useEffect(() => {
    if (tellsTally) announce(tally);
  }, [tally, tellsTally]);

  const downloadTemplate = async () => {
    setBuilding(true);
    try {
      saveBlob(await buildTemplate(entity, t), t('kit.importer.templateFileName', { entity: plural }));
    } catch (error) {
      handleError(error);
    } finally {
      setBuilding(false);
    }
  };

  const chooseFile = async (chosen: File) => {
    importer.reset();
    setFileError(null);
    setFile(null);
    setFileName(chosen.name);
    setReading(true);
    try {
      const result = await readImportFile(entity, chosen, t);
      if (result.ok) {
        setFile({ headers: result.headers, rows: result.rows });
        importer.load(result.rows);
      } else setFileError(result.error);
    } catch {
      setFileError({ key: 'invalidFileUpload' });
    } finally {
      setReading(false);
    }
  };

  const downloadFailed = async () => {
    if (!file) return;
    try {
      // A record made of several rows (a route's stops) gives back each of its rows, with its error.
      const failed = importer.rows
        .filter((row) => row.status === 'error')
        .flatMap((row) => (row.sourceRows ?? [row]).map((source) => ({ row: source, message: row.message ?? '' })));
      const base = (fileName ?? plural).replace(/\.xlsx$/i, '');
      saveBlob(await buildFailedRowsFile(file, failed, t), t('kit.importer.failedFileName', { entity: base }));
    } catch (error) {
      handleError(error);
    }
  };

  const start = async () => {
    await importer.start();
    await queryClient.invalidateQueries({ queryKey: entityKeys.all(entity.name) });
  };

  const columns: TableColumnsType<ImportRow> = [
    {
      key: 'line',
      dataIndex: 'line',
      title: t('kit.importer.columns.line'),
      width: 80,
      render: (line: number, row: ImportRow) => (row.sourceRows ? row.sourceRows.map((source) => source.line).join(', ') : line),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('kit.importer.columns.status'),
      width: 120,
      render: (status: ImportRowStatus) => (
        <Tag color={STATUS_COLORS[status]} data-testid="import-row-status" data-status={status}>
          {t(`kit.importer.status.${status}`)}
        </Tag>
      ),
    },
    {
      key: 'message',
      dataIndex: 'message',
      title: t('kit.importer.columns.message'),
      render: (message?: string) => (message ? <Typography.Text type="danger">{message}</Typography.Text> : null),
    },
    ...entity.importColumns.map((name) => ({
      key: `value-${name}`,
      title: fieldLabel(t, entity, name),
      render: (_: unknown, row: ImportRow) =>
        displayOf(name.split('.').reduce<unknown>((node, part) => (isPlainObject(node) ? node[part] : undefined), row.values)),
    })),
  ];

  const isBusy = phase === 'running' || phase === 'pausing';
  return (
    <Card
      title={<PageTitle title={t('kit.importer.title', { entity: plural })} />}
      data-testid={`${entity.name}-importer`}
      extra={
        <Button
          onClick={() => (backPath || !navigation.isNested ? navigate(backPath ?? navigation.paths.list) : navigation.back())}
          disabled={isBusy}
        >
          {t('kit.actions.back')}
        </Button>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>{t('kit.importer.intro')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('kit.importer.byNames')}
        </Typography.Paragraph>
        {entity.importGroupBy && (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} data-testid="importer-grouped-rows">
            {t('kit.importer.groupedRows', {
              column: fieldLabel(t, entity, entity.importGroupBy),
              lists: entity.importColumns
                .filter((name) => {
                  const field = entity.fields[name];
                  return field && 'multiple' in field && field.multiple;
                })
                .map((name) => fieldLabel(t, entity, name))
                .join(', '),
            })}
          </Typography.Paragraph>
        )}
        {hint}
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={downloadTemplate} loading={building} data-testid="importer-template">
            {t('kit.importer.downloadTemplate')}
          </Button>
          <Upload
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            showUploadList={false}
            disabled={isBusy}
            beforeUpload={(file) => {
              void chooseFile(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={reading} disabled={isBusy} data-testid="importer-file">
              {t('kit.importer.chooseFile')}
            </Button>
          </Upload>
        </Space>

        {fileError && (
          <Alert
            type="error"
            showIcon
            title={t(
              fileError.key === 'missingColumns' ||
                fileError.key === 'invalidFileColumns' ||
                fileError.key === 'templateOtherEntity' ||
                fileError.key === 'templateOutdated'
                ? `kit.importer.${fileError.key}`
                : `kit.importer.errors.${fileError.key}`,
              fileError.values ?? {},
            )}
            data-testid="importer-error"
          />
        )}

        {phase !== 'idle' && (
          <>
            <Typography.Text strong>{t('kit.importer.fileLoaded', { fileName, count: counts.total })}</Typography.Text>
            <Space wrap>
              {phase === 'ready' && (
                <Button
                  type="primary"
                  icon={<PlayCircleOutlined />}
                  onClick={start}
                  disabled={!counts.pending}
                  data-testid="importer-start"
                >
                  {t('kit.importer.start')}
                </Button>
              )}
              {isBusy && (
                <Button icon={<PauseOutlined />} onClick={importer.pause} disabled={phase === 'pausing'} data-testid="importer-pause">
                  {t('kit.importer.pause')}
                </Button>
              )}
              {phase === 'paused' && (
                <Button type="primary" icon={<PlayCircleOutlined />} onClick={start} data-testid="importer-resume">
                  {t('kit.importer.resume')}
                </Button>
              )}
              {(phase === 'finished' || phase === 'paused' || phase === 'ready') && (
                <Button
                  icon={<RedoOutlined />}
                  onClick={() => {
                    importer.reset();
                    setFileName(null);
                    setFile(null);
                  }}
                  data-testid="importer-restart"
                >
                  {t('kit.importer.restart')}
                </Button>
              )}
              {counts.errors > 0 && !isBusy && (
                <Button icon={<WarningOutlined />} danger onClick={downloadFailed} data-testid="importer-download-failed">
                  {t('kit.importer.downloadFailed')} ({counts.errors})
                </Button>
              )}
            </Space>
            {/* Only imported rows fill the bar: a failed row is not progress. */}
            <Progress
              percent={counts.total ? Math.floor((counts.imported / counts.total) * 100) : 0}
              format={() => `${counts.imported}/${counts.total}`}
              status={phase === 'running' ? 'active' : undefined}
              aria-label={t('kit.importer.progressLabel', counts)}
              data-testid="importer-progress"
            />
            <Space wrap size="small" data-testid="importer-tally">
              <Tag color="success" data-testid="importer-imported">
                {t('kit.importer.imported')}: {counts.imported}
              </Tag>
              <Tag color={counts.errors ? 'error' : 'default'} data-testid="importer-failed">
                {t('kit.importer.failed')}: {counts.errors}
              </Tag>
              <Tag data-testid="importer-pending">
                {t('kit.importer.pending')}: {counts.pending}
              </Tag>
            </Space>
            {phase === 'running' && <Typography.Text type="secondary">{t('kit.importer.running')}</Typography.Text>}
            {phase === 'pausing' && <Typography.Text type="secondary">{t('kit.importer.pausing')}</Typography.Text>}
            {phase === 'paused' && <Alert type="info" showIcon title={t('kit.importer.paused')} data-testid="importer-paused" />}
            {phase === 'finished' && (
              <Alert
                type={counts.errors ? 'warning' : 'success'}
                showIcon
                title={t('kit.importer.finished')}
                description={t('kit.importer.summary', counts)}
                data-testid="importer-summary"
              />
            )}
            {phase !== 'finished' && (
              <Typography.Text type="secondary" data-testid="importer-counts">
                {t('kit.importer.summary', counts)}
              </Typography.Text>
            )}
            <Table<ImportRow>
              rowKey="line"
              size="small"
              columns={columns}
              dataSource={importer.rows}
              {...TABLE_SCROLLBAR}
              pagination={{
                itemRender: namedPageLinks(t),
                defaultPageSize: 50,
                showSizeChanger: true,
                pageSizeOptions: ['10', '25', '50', '100', '200'],
              }}
            />
          </>
        )}
      </Space>
    </Card>
  );
}
