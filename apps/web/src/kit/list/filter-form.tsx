import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import type { EntityDeclaration } from '@ebox/domain';
import { Button, Col, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { booleanLabel, enumLabel, fieldAt, fieldLabel } from '../entity-labels';
import { CLEARABLE } from '../fields/clear-icon';
import { DateRangeInput } from '../fields/date-inputs';
import { isMasked, MaskedInput } from '../fields/field-input';
import { RelationSelect } from '../fields/relation-select';
import { filterKindOf } from './filters';
import { compactFilter } from './list-state';
import { datePresetsOf } from './list-tools';

type Range = [number | null, number | null];

function NumberRangeInput({
  value,
  onChange,
  id,
  t,
}: {
  value?: Range | null;
  onChange?: (value: Range | null) => void;
  id?: string;
  t: TFunction;
}) {
  const [from, to] = value ?? [null, null];
  const change = (next: Range) => onChange?.(next[0] === null && next[1] === null ? null : next);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <InputNumber<number>
        id={id}
        style={{ width: '50%' }}
        placeholder={t('kit.list.rangeFrom')}
        value={from}
        onChange={(v) => change([v, to])}
      />
      <InputNumber<number> style={{ width: '50%' }} placeholder={t('kit.list.rangeTo')} value={to} onChange={(v) => change([from, v])} />
    </Space.Compact>
  );
}

/** Controls given per filter name, replacing the one its field type would get. */
export type FilterControls = Partial<Record<string, ReactNode>>;

type FilterFormProps = {
  entity: EntityDeclaration;
  /** Filters to offer; defaults to the declaration's. */
  filters?: string[];
  value: Record<string, unknown>;
  controls?: FilterControls;
  onSearch: (filter: Record<string, unknown>) => void;
  onReset: () => void;
};

/** The list's filter form: one control per declared filter, by field type (spec 2.8). */
export function FilterForm({ entity, filters = entity.filters, value, controls, onSearch, onReset }: FilterFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const applied = JSON.stringify(compactFilter(value));
  // The form lives as long as its panel: a search from it keeps what it shows; only a filter
  // changed elsewhere (a saved filter recalled, filters cleared, the URL) is written into its fields.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `applied` stands for `value`, whose identity changes on every URL read
  useEffect(() => {
    if (JSON.stringify(compactFilter(form.getFieldsValue(filters))) === applied) return;
    form.setFieldsValue(Object.fromEntries(filters.map((name) => [name, value[name]])));
  }, [applied, form]);

  const control = (name: string) => {
    if (controls?.[name]) return controls[name];
    const field = fieldAt(entity, name);
    if (!field) return null;
    switch (filterKindOf(field)) {
      case 'text':
        return field.type === 'text' && isMasked(field) ? <MaskedInput field={field} /> : <Input allowClear={CLEARABLE} />;
      case 'range':
        return <NumberRangeInput t={t} />;
      case 'dateRange':
        return <DateRangeInput presets={datePresetsOf(t)} />;
      case 'relation':
        return field.type === 'relation' ? <RelationSelect target={field.entity} /> : null;
      case 'enum':
        return field.type === 'enum' ? (
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('kit.list.any')}
            options={field.options.map((option) => ({ value: option, label: enumLabel(t, entity, name, option) }))}
          />
        ) : null;
      case 'boolean':
        return (
          <Select
            allowClear
            placeholder={t('kit.list.any')}
            options={[
              { value: 'true', label: booleanLabel(t, true) },
              { value: 'false', label: booleanLabel(t, false) },
            ]}
          />
        );
      default:
        return null;
    }
  };

  return (
    <Form
      form={form}
      name={`${entity.name}-filter`}
      layout="vertical"
      initialValues={value}
      onFinish={(values: Record<string, unknown>) => onSearch(values)}
      data-testid="list-filter"
    >
      <Row gutter={16}>
        {filters.map((name) => (
          <Col key={name} xs={24} sm={12} lg={8} xl={6}>
            <Form.Item name={name} label={fieldLabel(t, entity, name)} style={{ marginBottom: 12 }}>
              {control(name)}
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="list-search">
          {t('kit.actions.search')}
        </Button>
        <Button
          icon={<ClearOutlined />}
          onClick={() => {
            form.setFieldsValue(Object.fromEntries(filters.map((name) => [name, undefined])));
            onReset();
          }}
          data-testid="list-reset"
        >
          {t('kit.actions.reset')}
        </Button>
      </Space>
    </Form>
  );
}
