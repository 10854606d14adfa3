import { type EntityDeclaration, type Field, isPlainObject } from '@ebox/domain';
import { Card, Col, Form, Row } from 'antd';
import { type ComponentType, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/current-user';
import { focusFirstError } from '../../app/focus-fixes';
import { scrollBehavior } from '../../app/motion';
import { fieldHint, fieldLabel } from '../entity-labels';
import './form-hints';
import { FieldInput, type FieldInputProps } from '../fields/field-input';
import { replaceErrors, validateRecord } from '../validation';
import { editFormPropsOf, FormButtons, FormRefusal, useFormSave } from './form-save';
import { UnsavedChangesPrompt } from './unsaved-changes';

export type FormFieldInputs = Record<string, ComponentType<FieldInputProps>>;

export type EntityFormProps = {
  entity: EntityDeclaration;
  mode: 'create' | 'update';
  /** The stored record when editing. */
  record?: Record<string, unknown>;
  /** Values fixed by the page (a parent's id): sent with the form and shown disabled. */
  locked?: Record<string, unknown>;
  /** Custom controls for some fields (the role's permission picker). */
  inputs?: FormFieldInputs;
  /** Fields shown disabled (a predefined role's name). */
  disabledFields?: string[];
  /** Throws on failure; field errors the API answers are shown on the fields. */
  onSubmit: (data: Record<string, unknown>) => Promise<void>;
  onCancel?: () => void;
  /** Rendered above the buttons. */
  children?: ReactNode;
  /** A name makes field ids unique when two forms share a page. */
  name?: string;
  /** Ask before the page is left with unsaved changes (off for a form inside a dialog: one prompt per page). */
  guardLeave?: boolean;
};

/** Fields a form edits: writable and not hidden from forms (spec 5.2 field list). */
export function formFieldsOf(entity: EntityDeclaration): [string, Field][] {
  return Object.entries(entity.fields).filter(([, field]) => !field.readOnly && !field.hideInForm);
}

type FormGroup = { key: string | null; fields: [string, Field][] };

/**
 * The form's fields in the declaration's sections (`formSections`), in their order; the fields no
 * section names close the form in a group without a title. Without sections: one untitled group.
 */
function groupFormFields(entity: EntityDeclaration, fields: [string, Field][]): FormGroup[] {
  const byName = new Map(fields);
  const groups: FormGroup[] = (entity.formSections ?? []).map((section) => ({
    key: section.key,
    fields: section.fields.flatMap((name) => {
      const field = byName.get(name);
      byName.delete(name);
      return field ? [[name, field] as [string, Field]] : [];
    }),
  }));
  const rest = fields.filter(([name]) => byName.has(name));
  return [...groups, ...(rest.length > 0 ? [{ key: null, fields: rest }] : [])].filter((group) => group.fields.length > 0);
}

/** What a new record's form starts with where the declaration says (an order is a delivery unless changed). */
function declaredInitialsOf(fields: [string, Field][]): Record<string, unknown> {
  return Object.fromEntries(
    fields.flatMap(([name, field]) => (field.type === 'enum' && field.initial !== undefined ? [[name, field.initial]] : [])),
  );
}

function emptyValueOf(field: Field): unknown {
  if (field.type === 'boolean') return field.initial ?? false;
  if (field.type === 'files' || field.type === 'stringList') return [];
  if ((field.type === 'relation' || field.type === 'enum') && field.multiple) return [];
  if (field.type === 'object') return Object.fromEntries(Object.entries(field.fields).map(([name, inner]) => [name, emptyValueOf(inner)]));
  return undefined;
}

function initialValueOf(field: Field, stored: unknown): unknown {
  if (stored === undefined || stored === null) return emptyValueOf(field);
  if (field.type === 'object' && isPlainObject(stored)) {
    const nested = stored;
    return Object.fromEntries(Object.entries(field.fields).map(([name, inner]) => [name, initialValueOf(inner, nested[name])]));
  }
  return stored;
}

/** Short controls share a row on wide screens; long ones take the whole width. */
function isWide(field: Field): boolean {
  if (field.type === 'text') return Boolean(field.multiline);
  if (field.type === 'relation' || field.type === 'enum') return Boolean(field.multiple);
  return field.type === 'files' || field.type === 'object' || field.type === 'stringList' || field.type === 'dateRange';
}

/**
 * The create/edit form of a declaration. Validation runs the declaration's own schema
 * (entitySchema with describeIssue), so the form shows exactly the messages the importer and the
 * API give; what the API still refuses is placed on the fields too.
 */
export function EntityForm({
  entity,
  mode,
  record,
  locked = {},
  inputs = {},
  disabledFields = [],
  onSubmit,
  onCancel,
  children,
  name,
  guardLeave = true,
}: EntityFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const { user } = useCurrentUser();
  const { submitting, save, refusal, changes, leave } = useFormSave(form, entity);
  const groups = useMemo(() => groupFormFields(entity, formFieldsOf(entity)), [entity]);
  const fields = useMemo(() => groups.flatMap((group) => group.fields), [groups]);
  const fieldNames = useMemo(
    () => fields.flatMap(([name, field]) => (field.type === 'object' ? Object.keys(field.fields).map((inner) => [name, inner]) : [[name]])),
    [fields],
  );

  // A user limited to one company creates records of that company: it is filled in for them.
  const onlyCompany = user?.allowedCompanies.length === 1 ? user.allowedCompanies[0] : undefined;
  const initialValues = useMemo(() => {
    const proposed: Record<string, unknown> =
      mode === 'create'
        ? {
            ...declaredInitialsOf(fields),
            ...(onlyCompany && entity.scope.kind === 'company' ? { [entity.scope.field]: onlyCompany } : {}),
          }
        : {};
    return Object.fromEntries(
      fields.map(([fieldName, field]) => [
        fieldName,
        initialValueOf(field, locked[fieldName] ?? record?.[fieldName] ?? proposed[fieldName]),
      ]),
    );
  }, [fields, locked, record, mode, onlyCompany, entity.scope]);

  const submit = async (values: Record<string, unknown>) => {
    const result = validateRecord(t, entity, mode, { ...values, ...locked });
    form.setFields(replaceErrors(fieldNames, result.ok ? [] : result.errors));
    if (!result.ok) {
      const first = result.errors[0];
      if (first) form.scrollToField(first.name, { behavior: scrollBehavior(), block: 'center' });
      // The keyboard goes where the refusal is: the first field that says why.
      void focusFirstError(form);
      return;
    }
    await save(() => onSubmit(result.data));
  };

  const isDisabled = (name: string) => name in locked || disabledFields.includes(name);
  // The first control the user can type into gets the focus.
  const focusPath = fields
    .flatMap(([name, field]) =>
      field.type === 'object' ? Object.keys(field.fields).map((inner) => [name, `${name}.${inner}`]) : [[name, name]],
    )
    .find(([name]) => !isDisabled(name))?.[1];

  const control = (path: string, field: Field) => {
    const topName = path.split('.')[0] ?? path;
    const Input = inputs[topName] ?? FieldInput;
    return <Input entity={entity} path={path} field={field} autoFocus={path === focusPath} disabled={isDisabled(topName)} />;
  };

  const item = (path: string, field: Field) => (
    <Form.Item
      key={path}
      name={path.split('.')}
      label={fieldLabel(t, entity, path)}
      required={field.required}
      extra={fieldHint(t, entity, path)}
    >
      {control(path, field)}
    </Form.Item>
  );

  return (
    <Form
      {...editFormPropsOf(form, changes)}
      name={name ?? `${entity.name}-form`}
      initialValues={initialValues}
      onFinish={submit}
      scrollToFirstError
      data-testid="entity-form"
    >
      {guardLeave && <UnsavedChangesPrompt changes={changes} />}
      <FormRefusal message={refusal} />
      {groups.map((group) => {
        const row = <FormFieldsRow key={group.key ?? ''} fields={group.fields} entity={entity} item={item} />;
        return group.key === null ? (
          row
        ) : (
          <fieldset key={group.key} className="form-section" data-testid={`form-section-${group.key}`}>
            <legend>{t(`entities.${entity.name}.sections.${group.key}`)}</legend>
            {row}
          </fieldset>
        );
      })}
      {children}
      <FormButtons submitting={submitting} onCancel={onCancel && leave(onCancel)} />
    </Form>
  );
}

/** One group's fields: short controls two to a row on wide screens, an object's fields in a card of their own. */
function FormFieldsRow({
  entity,
  fields,
  item,
}: {
  entity: EntityDeclaration;
  fields: [string, Field][];
  item: (path: string, field: Field) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      {fields.map(([fieldName, field]) =>
        field.type === 'object' ? (
          <Col key={fieldName} span={24}>
            <Card size="small" title={fieldLabel(t, entity, fieldName)} style={{ marginBottom: 24 }}>
              <Row gutter={16}>
                {Object.entries(field.fields).map(([innerName, inner]) => (
                  <Col key={innerName} xs={24} md={isWide(inner) ? 24 : 12}>
                    {item(`${fieldName}.${innerName}`, inner)}
                  </Col>
                ))}
              </Row>
            </Card>
          </Col>
        ) : (
          <Col key={fieldName} xs={24} md={isWide(field) ? 24 : 12}>
            {item(fieldName, field)}
          </Col>
        ),
      )}
    </Row>
  );
}
