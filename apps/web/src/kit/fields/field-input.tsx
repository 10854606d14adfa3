import {
  dateRangeOf,
  type EntityDeclaration,
  type Field,
  fileRefsOf,
  isRelationRef,
  maskDocument,
  maskPhone,
  numberOf,
  relationRefsOf,
  stringsOf,
  type TextField,
  textOf,
} from '@ebox/domain';
import { Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { currencySymbolOf, formatNumber, parseNumberText } from '../../app/format';
import { enumLabel, leafOf } from '../entity-labels';
import { CLEARABLE } from './clear-icon';
import { DateRangeInput, DateTimeInput } from './date-inputs';
import { FilesInput } from './files-input';
import { FilteredRelationSelect, RelationSelect } from './relation-select';

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
  /** Set by Form.Item while the field is in error, with the id of the message: a screen reader says why on focus. */
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
  'aria-required'?: boolean | 'true' | 'false';
};

/** A document or a phone: typed through a mask, in forms and in list filters alike. */
export function isMasked(field: TextField): boolean {
  return Boolean(field.document || field.phone);
}

/**
 * The input of a document (CPF/CNPJ) or phone field, masked as it is typed; the schema stores the
 * value in its canonical form and a list filter finds it however it is punctuated.
 */
export function MaskedInput({
  field,
  value,
  onChange,
  ...common
}: {
  field: TextField;
  value?: unknown;
  onChange?: (value: string) => void;
  id?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
  'aria-required'?: boolean | 'true' | 'false';
}) {
  const text = textOf(value) ?? '';
  const { document } = field;
  if (document)
    return (
      <Input
        {...common}
        value={maskDocument(text, document)}
        onChange={(e) => onChange?.(maskDocument(e.target.value, document))}
        allowClear={CLEARABLE}
        inputMode={document === 'cpf' ? 'numeric' : 'text'}
        autoComplete="off"
      />
    );
  return (
    <Input
      {...common}
      prefix="+55"
      value={maskPhone(text)}
      onChange={(e) => onChange?.(maskPhone(e.target.value))}
      allowClear={CLEARABLE}
      inputMode="tel"
      autoComplete="tel-national"
    />
  );
}

/** The form control of a declared field, chosen by its type (spec 5.2). Object fields are laid out by the form. */
export function FieldInput(props: FieldInputProps) {
  const { entity, path, field, value, onChange, id, autoFocus, disabled } = props;
  const { t, i18n } = useTranslation();
  const aria = {
    'aria-invalid': props['aria-invalid'],
    'aria-describedby': props['aria-describedby'],
    'aria-required': props['aria-required'],
  };
  const common = { id, autoFocus, disabled, ...aria };
  switch (field.type) {
    case 'text': {
      const text = textOf(value) ?? '';
      const change = (e: { target: { value: string } }) => onChange?.(e.target.value);
      if (field.secret) return <Input.Password {...common} value={text} onChange={change} autoComplete="new-password" />;
      if (isMasked(field)) return <MaskedInput {...common} field={field} value={text} onChange={onChange} />;
      // The counter shows the limit and turns red past it; the text is never cut (a paste past the
      // limit is kept, and the validation says so under the field).
      const limit = field.length ?? field.max;
      // Shown once there is text: an empty form is not a wall of "0 / 255".
      const count =
        limit === undefined
          ? undefined
          : { max: limit, show: ({ count: typed }: { count: number }) => (typed ? `${typed} / ${limit}` : null) };
      if (field.multiline)
        return <Input.TextArea {...common} value={text} onChange={change} autoSize={{ minRows: 3, maxRows: 12 }} count={count} />;
      return <Input {...common} value={text} onChange={change} allowClear={CLEARABLE} count={count} />;
    }
    case 'number':
    case 'integer': {
      const scale = field.type === 'integer' ? 0 : field.scale;
      const currency = field.type === 'number' ? field.currency : undefined;
      return (
        // The parser answers text ('' when emptied, which clears the value), so values may be text too.
        <InputNumber<number | string>
          {...common}
          style={{ width: '100%' }}
          precision={scale}
          step={scale ? 1 / 10 ** scale : 1}
          prefix={currency ? currencySymbolOf(currency, i18n.language) : undefined}
          // Shown as the language writes numbers (1.234,50), left alone while typed, read back either way.
          formatter={(next, info) =>
            info.userTyping || next === undefined || next === '' ? info.input : formatNumber(Number(next), i18n.language, { scale })
          }
          parser={(text) => parseNumberText(text ?? '', i18n.language)}
          value={numberOf(value)}
          onChange={(next) => onChange?.(next === null || next === '' ? null : Number(next))}
        />
      );
    }
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
      if (field.filterBy)
        return (
          <FilteredRelationSelect
            {...common}
            filterBy={field.filterBy}
            target={field.entity}
            multiple={field.multiple}
            value={field.multiple ? relationRefsOf(value) : isRelationRef(value) ? value : null}
            onChange={onChange}
          />
        );
      return (
        <RelationSelect
          {...common}
          target={field.entity}
          multiple={field.multiple}
          value={field.multiple ? relationRefsOf(value) : isRelationRef(value) ? value : null}
          onChange={onChange}
          allowCreate
        />
      );
    case 'files':
      return (
        <FilesInput
          id={id}
          disabled={disabled}
          entityName={entity.name}
          fieldName={leafOf(path)}
          formPath={path.split('.')}
          field={field}
          value={fileRefsOf(value)}
          onChange={onChange}
        />
      );
    case 'object':
      return null;
  }
}
