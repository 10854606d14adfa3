import {
  dateRangeOf,
  type EntityDeclaration,
  type Field,
  fileRefsOf,
  isRelationRef,
  numberOf,
  relationRefsOf,
  stringsOf,
  textOf,
} from '@ebox/domain';
import { Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumLabel, leafOf } from '../entity-labels';
import { DateRangeInput, DateTimeInput } from './date-inputs';
import { FilesInput } from './files-input';
import { RelationSelect } from './relation-select';

export type FieldInputProps = {
  entity: EntityDeclaration;
  /** Dotted path of the field ('companySettings.orderTypes'). */
  path: string;
  field: Field;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  autoFocus?: boolean;
  disabled?: boolean;
};

/** The form control of a declared field, chosen by its type (spec 5.2). Object fields are laid out by the form. */
export function FieldInput({ entity, path, field, value, onChange, id, autoFocus, disabled }: FieldInputProps) {
  const { t, i18n } = useTranslation();
  const common = { id, autoFocus, disabled };
  switch (field.type) {
    case 'text': {
      const text = textOf(value) ?? '';
      const change = (e: { target: { value: string } }) => onChange?.(e.target.value);
      if (field.secret) return <Input.Password {...common} value={text} onChange={change} autoComplete="new-password" />;
      if (field.multiline) return <Input.TextArea {...common} value={text} onChange={change} autoSize={{ minRows: 3, maxRows: 12 }} />;
      return <Input {...common} value={text} onChange={change} allowClear maxLength={field.length ?? field.max} />;
    }
    case 'number':
    case 'integer':
      return (
        <InputNumber<number>
          {...common}
          style={{ width: '100%' }}
          precision={field.type === 'integer' ? 0 : field.scale}
          step={field.type === 'number' && field.scale ? 1 / 10 ** field.scale : 1}
          decimalSeparator={field.type === 'number' && i18n.language !== 'en' ? ',' : undefined}
          value={numberOf(value)}
          onChange={(next) => onChange?.(next)}
        />
      );
    case 'stringList':
      return (
        <Select
          {...common}
          mode="tags"
          open={false}
          suffixIcon={null}
          tokenSeparators={[',']}
          value={stringsOf(value)}
          onChange={(next) => onChange?.(next)}
        />
      );
    case 'dateTime':
      return <DateTimeInput {...common} value={textOf(value)} onChange={onChange} />;
    case 'dateRange':
      return <DateRangeInput {...common} value={dateRangeOf(value)} onChange={onChange} />;
    case 'boolean':
      return <Switch {...common} checked={Boolean(value)} onChange={(checked) => onChange?.(checked)} />;
    case 'enum': {
      const options = field.options.map((option) => ({ value: option, label: enumLabel(t, entity, path, option) }));
      return (
        <Select
          {...common}
          mode={field.multiple ? 'multiple' : undefined}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={options}
          value={field.multiple ? stringsOf(value) : (textOf(value) ?? undefined)}
          onChange={(next) => onChange?.(next ?? null)}
        />
      );
    }
    case 'relation':
      return (
        <RelationSelect
          {...common}
          target={field.entity}
          multiple={field.multiple}
          value={field.multiple ? relationRefsOf(value) : isRelationRef(value) ? value : null}
          onChange={onChange}
        />
      );
    case 'files':
      return (
        <FilesInput
          id={id}
          disabled={disabled}
          entityName={entity.name}
          fieldName={leafOf(path)}
          field={field}
          value={fileRefsOf(value)}
          onChange={onChange}
        />
      );
    case 'object':
      return null;
  }
}
