import { ReloadOutlined } from '@ant-design/icons';
import {
  DECLARED_ENTITIES,
  isRelationRef,
  PACKING_STEPS_OF_PICKING,
  type PackingPicking,
  type PackingStep,
  relationRefsOf,
} from '@ebox/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Form,
  Input,
  Result,
  Row,
  Select,
  Space,
  Spin,
  Steps,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../app/api-client';
import { useCurrentUser } from '../../app/current-user';
import { errorMessageOf, errorStatusOf, useErrorHandler } from '../../app/error-handler';
import { useApp } from '../../app/feedback';
import { PageTitle } from '../../app/page-title';
import { endpointsOf, entityKeys } from '../../kit/entity-api';
import { entityLabel, fieldLabel } from '../../kit/entity-labels';
import { FieldInput } from '../../kit/fields/field-input';
import { useDebouncedValue } from '../../kit/fields/use-debounced-value';
import type { CreatedState } from '../../kit/navigation';
import { useRouteEntity } from '../../kit/route-entity';
import { createPacking, fetchMetrics, packingKeys, type StepFilter } from './packing-api';
import { inRunOrder, leftOutBy, ordersToSave, type Picked, refusedIn, type SummaryLine, summaryOf, withPicked } from './packing-plan';
import { lockerName, PackingStepList } from './packing-step-list';
import './messages';

const HEADER_FIELDS = ['company', 'warehouse', 'picking', 'route', 'operator', 'name', 'notes'] as const;
const routeEndpoints = endpointsOf(DECLARED_ENTITIES.route);

const idOf = (value: unknown): string | undefined => (isRelationRef(value) ? value.id : undefined);
const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

type Screen = { key: 'header' } | { key: 'step'; step: PackingStep } | { key: 'summary' };

/**
 * /packing/new (spec 2.6, 4.1; issue 30): the run's header, then the steps its picking takes
 * (reverse collection, expired collection, delivery), each a list keyed by locker from GET
 * /packing/metrics and GET /packing/steps/{step}, then a summary and the save. What is picked is
 * kept across steps, pages and filters; a refused save marks the orders it names and loses nothing.
 * A failed metrics load stays here (spec 2.7) with its message and a way to ask again.
 */
export function PackingNewPage() {
  const entity = useRouteEntity();
  const { t } = useTranslation();
  const { message } = useApp();
  const handleError = useErrorHandler();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [current, setCurrent] = useState(0);
  const [selection, setSelection] = useState<ReadonlyMap<string, Picked>>(new Map());
  const [refused, setRefused] = useState<ReadonlyMap<string, string>>(new Map());
  const [refusal, setRefusal] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [lockers, setLockers] = useState<string[]>([]);
  const [codeTyped, setCodeTyped] = useState('');
  const trackingCode = useDebouncedValue(codeTyped.trim(), 300);

  const picking: PackingPicking = Form.useWatch('picking', form) === 'return' ? 'return' : 'collectDelivery';
  const routeId = idOf(Form.useWatch('route', form));
  const steps = PACKING_STEPS_OF_PICKING[picking];
  const screens: Screen[] = [{ key: 'header' }, ...steps.map((step) => ({ key: 'step' as const, step })), { key: 'summary' }];
  const screen = screens[Math.min(current, screens.length - 1)] ?? { key: 'header' };

  const filter = useMemo<StepFilter>(() => (trackingCode ? { trackingCode } : {}), [trackingCode]);
  const metrics = useQuery({ queryKey: packingKeys.metrics(filter), queryFn: () => fetchMetrics(filter), retry: false });
  const route = useQuery({
    queryKey: entityKeys.find('route', routeId ?? ''),
    queryFn: () => routeEndpoints.find(routeId ?? ''),
    enabled: Boolean(routeId),
  });
  const routeStops = useMemo(
    () => (routeId && route.data ? relationRefsOf(route.data.ebox).map((stop) => stop.id) : []),
    [routeId, route.data],
  );

  const onPick = useCallback((add: Picked[], remove: string[]) => setSelection((old) => withPicked(old, add, remove)), []);

  const goTo = async (index: number) => {
    if (index > 0 && current === 0) {
      try {
        await form.validateFields();
      } catch {
        return;
      }
    }
    setCurrent(index);
  };

  const metricsOf = (step: PackingStep) => metrics.data?.find((entry) => entry.step === step);
  const lockerOptions = useMemo(() => {
    const all = new Map<string, { value: string; label: string }>();
    for (const entry of metrics.data ?? [])
      for (const locker of entry.lockers) if (locker.ebox) all.set(locker.ebox.id, { value: locker.ebox.id, label: locker.ebox.code });
    return [...all.values()].sort((a, b) => a.label.localeCompare(b.label));
  }, [metrics.data]);

  const save = async () => {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const orders = ordersToSave(selection, picking);
    setSaving(true);
    try {
      const created = await createPacking({
        company: idOf(values.company) ?? '',
        warehouse: idOf(values.warehouse) ?? '',
        picking,
        orders,
        operator: idOf(values.operator),
        route: idOf(values.route),
        name: textOf(values.name),
        notes: textOf(values.notes),
      });
      message.success(t('entities.packing.create.success'));
      await queryClient.invalidateQueries({ queryKey: entityKeys.all('packing') });
      navigate('/packing', { state: { created: created.id } satisfies CreatedState });
    } catch (error) {
      if (errorStatusOf(error) !== 400) {
        handleError(error);
        return;
      }
      // The refusal names the orders (not in a step, in another open packing, no longer fitting):
      // those rows say why; the rest of the pick stays as it was, and the lists are read again.
      setRefusal(errorMessageOf(error, t));
      setRefused(refusedIn(error instanceof ApiError ? error.fields : [], orders));
      void queryClient.invalidateQueries({ queryKey: entityKeys.all('packing') });
    } finally {
      setSaving(false);
    }
  };

  const deselectRefused = () => {
    setSelection((old) => withPicked(old, [], [...refused.keys()]));
    setRefused(new Map());
    setRefusal(undefined);
  };

  const stepTitle = (step: PackingStep) => t(`entities.packing.steps.${step}`);
  const selectedIn = (step: PackingStep) => [...selection.values()].filter((picked) => picked.step === step).length;
  const items = screens.map((item) => {
    if (item.key === 'header') return { title: t('packingPage.steps.header') };
    if (item.key === 'summary') return { title: t('packingPage.steps.summary') };
    const total = metricsOf(item.step)?.total;
    return { title: stepTitle(item.step), content: total === undefined ? undefined : `${selectedIn(item.step)} / ${total}` };
  });

  const isLast = current === screens.length - 1;
  const navigation = (
    <Space wrap style={{ marginTop: 16 }}>
      {current > 0 && (
        <Button onClick={() => void goTo(current - 1)} data-testid="packing-back">
          {t('packingPage.actions.back')}
        </Button>
      )}
      {!isLast && (
        <Button type="primary" onClick={() => void goTo(current + 1)} data-testid="packing-next">
          {t('packingPage.actions.next')}
        </Button>
      )}
      {isLast && (
        <Button
          type="primary"
          onClick={() => void save()}
          loading={saving}
          disabled={!ordersToSave(selection, picking).length}
          data-testid="packing-save"
        >
          {t('packingPage.actions.save')}
        </Button>
      )}
    </Space>
  );

  const metricsFailure = metrics.error && (
    <Result
      status="warning"
      title={t('packingPage.metricsFailed')}
      subTitle={errorMessageOf(metrics.error, t)}
      extra={
        <Button type="primary" icon={<ReloadOutlined />} onClick={() => void metrics.refetch()} data-testid="packing-metrics-retry">
          {t('packingPage.actions.retry')}
        </Button>
      }
      data-testid="packing-metrics-failed"
    />
  );

  const stepScreen = (step: PackingStep) => {
    if (metricsFailure) return metricsFailure;
    const entry = metricsOf(step);
    if (!entry) return <Spin style={{ display: 'block', padding: 48 }} />;
    const shown = inRunOrder(entry.lockers, routeStops).filter(
      (locker) => !lockers.length || (locker.ebox && lockers.includes(locker.ebox.id)),
    );
    return (
      <>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={t('packingPage.filters.lockers')} htmlFor={`packing-filter-lockers-${step}`} layout="vertical">
              <Select
                id={`packing-filter-lockers-${step}`}
                mode="multiple"
                allowClear
                value={lockers}
                onChange={setLockers}
                options={lockerOptions}
                optionFilterProp="label"
                placeholder={t('packingPage.filters.lockersPlaceholder')}
                data-testid="packing-filter-lockers"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('packingPage.filters.trackingCode')} htmlFor={`packing-filter-code-${step}`} layout="vertical">
              <Input
                id={`packing-filter-code-${step}`}
                value={codeTyped}
                maxLength={46}
                allowClear
                onChange={(event) => setCodeTyped(event.target.value)}
                placeholder={t('packingPage.filters.trackingCodePlaceholder')}
                data-testid="packing-filter-code"
              />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Paragraph type="secondary" data-testid="packing-step-totals">
          {t('packingPage.stepTotals', { orders: entry.total, lockers: entry.lockers.length, selected: selectedIn(step) })}
        </Typography.Paragraph>
        <PackingStepList
          step={step}
          lockers={shown}
          filter={filter}
          selection={selection}
          refused={refused}
          onPick={onPick}
          filtered={Boolean(trackingCode || lockers.length)}
          stepTotal={entry.total}
        />
      </>
    );
  };

  const summary = summaryOf(selection, picking, routeStops);
  const leftOut = leftOutBy(selection, picking);
  const summaryColumns: TableColumnsType<SummaryLine> = [
    {
      key: 'locker',
      title: t('packingPage.columns.locker'),
      render: (_, line) => (line === summary.totals ? <strong>{t('packingPage.summary.total')}</strong> : lockerName(t, line.ebox)),
    },
    ...steps.map((step) => ({
      key: step,
      title: stepTitle(step),
      align: 'right' as const,
      render: (_: unknown, line: SummaryLine) => line.byStep[step],
    })),
    {
      key: 'total',
      title: t('packingPage.columns.total'),
      align: 'right',
      render: (_, line) => (line === summary.totals ? <strong>{line.total}</strong> : line.total),
    },
  ];
  const summaryScreen = (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {refusal && (
        <Alert
          type="error"
          showIcon
          title={t('packingPage.summary.refused')}
          description={refusal}
          action={
            refused.size > 0 && (
              <Button size="small" onClick={deselectRefused} data-testid="packing-deselect-refused">
                {t('packingPage.actions.deselectRefused')}
              </Button>
            )
          }
          data-testid="packing-refusal"
        />
      )}
      {leftOut > 0 && <Alert type="info" showIcon title={t('packingPage.summary.skipped', { count: leftOut })} />}
      <Table<SummaryLine>
        size="small"
        rowKey={(line) => (line === summary.totals ? 'total' : (line.ebox?.id ?? 'none'))}
        columns={summaryColumns}
        dataSource={summary.lines.length ? [...summary.lines, summary.totals] : []}
        pagination={false}
        locale={{ emptyText: t('packingPage.summary.empty') }}
        data-testid="packing-summary"
      />
    </Space>
  );

  return (
    <Card title={<PageTitle title={t('kit.form.newTitle', { entity: entityLabel(t, entity) })} />} data-testid="packing-new-page">
      <Steps
        current={current}
        onChange={(index) => void goTo(index)}
        items={items}
        size="small"
        responsive
        style={{ marginBottom: 24 }}
        data-testid="packing-steps"
      />
      <div hidden={screen.key !== 'header'}>
        <Form
          form={form}
          layout="vertical"
          name="packing-header"
          initialValues={{ picking: 'collectDelivery' }}
          onFinish={() => void goTo(1)}
          data-testid="packing-header"
        >
          <Typography.Paragraph type="secondary">{t('packingPage.header.hint')}</Typography.Paragraph>
          <Row gutter={16}>
            {HEADER_FIELDS.map((name) => {
              const field = entity.fields[name];
              if (!field) return null;
              return (
                <Col key={name} xs={24} md={name === 'notes' ? 24 : 12}>
                  <Form.Item
                    name={name}
                    label={fieldLabel(t, entity, name)}
                    rules={
                      field.required
                        ? [{ required: true, message: t('validation.mixed.required', { label: fieldLabel(t, entity, name) }) }]
                        : []
                    }
                  >
                    <FieldInput entity={entity} path={name} field={field} autoFocus={name === 'company'} />
                  </Form.Item>
                </Col>
              );
            })}
          </Row>
          <DefaultCompany />
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </div>
      {screen.key === 'step' && stepScreen(screen.step)}
      {screen.key === 'summary' && summaryScreen}
      {navigation}
    </Card>
  );
}

/** The user's own company, proposed once (the run's company defaults to the user's). */
function DefaultCompany() {
  const form = Form.useFormInstance();
  const { user } = useCurrentUser();
  const first = user?.allowedCompanies[0];
  useEffect(() => {
    if (first && !form.getFieldValue('company')) form.setFieldValue('company', first);
  }, [first, form]);
  return null;
}
