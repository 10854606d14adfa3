import type { FleetVersionCount, FleetVersionsAnswer } from '@ebox/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Flex, Form, Progress, Row, Spin, Statistic, Table, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../app/api-client';
import { formatNumber } from '../../app/format';
import { PageTitle } from '../../app/page-title';
import { RelationSelect } from '../../kit/fields/relation-select';
import { ScrollRegion } from '../../kit/list/scroll-region';
import './messages';

/** GET /terminalUiRelease/fleet (packages/domain releases/reads.ts): counts per version, oldest first, unknown (null) last. */
type VersionCount = FleetVersionCount;

function VersionTable({ kind, rows, total }: { kind: 'application' | 'ui'; rows: VersionCount[]; total: number }) {
  const { t, i18n } = useTranslation();
  const title = t(`fleetPage.${kind}`);
  return (
    <Card size="small" title={<h2 style={{ margin: 0, font: 'inherit' }}>{title}</h2>} data-testid={`fleet-${kind}`}>
      <ScrollRegion label={title}>
        <Table<VersionCount>
          size="small"
          rowKey={(row) => row.version ?? ''}
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: <Typography.Text>{t('fleetPage.empty')}</Typography.Text> }}
          columns={[
            {
              key: 'version',
              title: t('fleetPage.version'),
              render: (_, row) => row.version ?? <Typography.Text type="secondary">{t('fleetPage.neverReported')}</Typography.Text>,
            },
            {
              key: 'lockers',
              title: t('fleetPage.lockers'),
              align: 'end',
              render: (_, row) => formatNumber(row.lockers, i18n.language, { integer: true }),
            },
            {
              key: 'share',
              title: t('fleetPage.share'),
              width: '40%',
              render: (_, row) => {
                const percent = total ? Math.round((row.lockers / total) * 100) : 0;
                return (
                  <Progress
                    percent={percent}
                    status="normal"
                    size="small"
                    aria-label={`${row.version ?? t('fleetPage.neverReported')}: ${percent}%`}
                  />
                );
              },
            },
          ]}
        />
      </ScrollRegion>
    </Card>
  );
}

/**
 * /release/fleet (issue 31): how many lockers run each terminal application and UI version, as they
 * last reported them, and the oldest version still in the fleet; for one company or every one the
 * user may see (the API scopes the counts).
 */
export default function FleetPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const company = params.get('company') ?? undefined;
  const [companyLabel, setCompanyLabel] = useState<string | undefined>();
  const fleet = useQuery({
    queryKey: ['terminalUiRelease', 'fleet', company ?? null],
    queryFn: () => api.get<FleetVersionsAnswer>('/terminalUiRelease/fleet', company ? { 'filter[company]': company } : {}),
  });
  const data = fleet.data;

  let body: ReactNode;
  if (fleet.isPending) {
    body = (
      <div style={{ textAlign: 'center', padding: 48 }}>
        <Spin />
      </div>
    );
  } else if (fleet.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('fleetPage.loadFailed')}
        action={<Button onClick={() => void fleet.refetch()}>{t('releasePage.retry')}</Button>}
      />
    );
  } else if (!data?.total) {
    body = <Empty description={t('fleetPage.empty')} />;
  } else {
    body = (
      <Flex vertical gap={16}>
        <Row gutter={[16, 16]}>
          <Col xs={24} md={8}>
            <Card size="small">
              <Statistic title={t('fleetPage.total')} value={formatNumber(data.total, i18n.language, { integer: true })} />
            </Card>
          </Col>
          <Col xs={24} md={8}>
            <Card size="small" data-testid="fleet-oldest-application">
              <Statistic title={t('fleetPage.oldestApplication')} value={data.oldestApplication ?? t('fleetPage.none')} />
            </Card>
          </Col>
          <Col xs={24} md={8}>
            <Card size="small" data-testid="fleet-oldest-ui">
              <Statistic title={t('fleetPage.oldestUi')} value={data.oldestUi ?? t('fleetPage.none')} />
            </Card>
          </Col>
        </Row>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <VersionTable kind="application" rows={data.application} total={data.total} />
          </Col>
          <Col xs={24} xl={12}>
            <VersionTable kind="ui" rows={data.ui} total={data.total} />
          </Col>
        </Row>
      </Flex>
    );
  }

  return (
    <Card title={<PageTitle title={t('fleetPage.title')} />} data-testid="fleet-page">
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0 }}>{t('fleetPage.intro')}</Typography.Paragraph>
        <Form layout="vertical" style={{ maxWidth: 420 }}>
          <Form.Item label={t('fleetPage.company')} htmlFor="fleet-company" style={{ marginBottom: 0 }}>
            <RelationSelect
              id="fleet-company"
              target="company"
              value={company ? { id: company, label: companyLabel ?? company } : null}
              placeholder={t('fleetPage.allCompanies')}
              style={{ width: '100%' }}
              onChange={(value) => {
                const chosen = Array.isArray(value) ? null : value;
                setCompanyLabel(chosen?.label);
                setParams(chosen?.id ? { company: chosen.id } : {}, { replace: true });
              }}
            />
          </Form.Item>
        </Form>
        {body}
      </Flex>
    </Card>
  );
}
