import { DownloadOutlined, PauseOutlined, PlayCircleOutlined, RedoOutlined, UploadOutlined } from '@ant-design/icons';
import { type EntityDeclaration, isPlainObject } from '@ebox/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Progress, Space, Table, type TableColumnsType, Tag, Typography, Upload } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorHandler } from '../../app/error-handler';
import { type EntityEndpoints, endpointsOf, entityKeys, saveBlob } from '../entity-api';
import { entityPluralLabel, fieldLabel } from '../entity-labels';
import { TABLE_SCROLLBAR } from '../list/table-scrollbar';
import { useEntityNavigation } from '../navigation';
import { useRouteEntity } from '../route-entity';
import { type ImportRow, type ImportRowStatus, useImportRun } from './use-import-run';
import { buildTemplate, type ImportFileError, readImportFile } from './workbook';

const STATUS_COLORS: Record<ImportRowStatus, string> = { pending: 'default', imported: 'success', error: 'error' };

function displayOf(value: unknown): string {
  if (value === null || value === undefined) return '';
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
  const [reading, setReading] = useState(false);
  const [building, setBuilding] = useState(false);
  const plural = entityPluralLabel(t, entity);
  const { phase, counts } = importer;
  const done = counts.imported + counts.errors;

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

  const chooseFile = async (file: File) => {
    importer.reset();
    setFileError(null);
    setFileName(file.name);
    setReading(true);
    try {
      const result = await readImportFile(entity, file);
      if (result.ok) importer.load(result.rows);
      else setFileError(result.error);
    } catch {
      setFileError('invalidFileUpload');
    } finally {
      setReading(false);
    }
  };

  const start = async () => {
    await importer.start();
    await queryClient.invalidateQueries({ queryKey: entityKeys.all(entity.name) });
  };

  const columns: TableColumnsType<ImportRow> = [
    { key: 'line', dataIndex: 'line', title: t('kit.importer.columns.line'), width: 80 },
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
      title={t('kit.importer.title', { entity: plural })}
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

        {fileError && <Alert type="error" showIcon title={t(`kit.importer.errors.${fileError}`)} data-testid="importer-error" />}

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
                  }}
                  data-testid="importer-restart"
                >
                  {t('kit.importer.restart')}
                </Button>
              )}
            </Space>
            <Progress
              percent={counts.total ? Math.round((done / counts.total) * 100) : 0}
              status={phase === 'running' ? 'active' : undefined}
            />
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
              pagination={{ defaultPageSize: 50, showSizeChanger: true, pageSizeOptions: ['10', '25', '50', '100', '200'] }}
            />
          </>
        )}
      </Space>
    </Card>
  );
}
