import { describeIssue, type EntityDeclaration, entitySchema, isPlainObject, type SchemaMode } from '@ebox/domain';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

import { ApiError } from '../app/api-client';
import { enumLabel, fieldAt, fieldLabel } from './entity-labels';

/**
 * Validation with the declaration's own schema (the one the API and the importer use), turned
 * into translated messages placed on the form's fields.
 */

export type FormPath = string[];
export type FieldErrors = { name: FormPath; errors: string[] }[];

/** The form field an issue belongs to: a top-level field, or a leaf of a nested object. */
export function formPathOf(entity: EntityDeclaration, path: readonly PropertyKey[]): FormPath {
  const [head, next] = path.map(String);
  if (!head) return [];
  const field = entity.fields[head];
  if (field?.type === 'object' && next && field.fields[next]) return [head, next];
  return [head];
}

export function issueMessage(t: TFunction, entity: EntityDeclaration, issue: z.core.$ZodIssue): string {
  const { key, values } = describeIssue(issue);
  const path = formPathOf(entity, issue.path);
  const label = path.length ? fieldLabel(t, entity, path.join('.')) : '';
  // The accepted values of an enumeration, as people read them ('Embarcador, Transportadora').
  if (typeof values.values === 'string' && path.length)
    values.values = values.values
      .split(', ')
      .map((value) => enumLabel(t, entity, path.join('.'), value))
      .join(', ');
  return t(key, { ...values, label, defaultValue: t('validation.mixed.default', { label }) });
}

function group(entries: { name: FormPath; message: string }[]): FieldErrors {
  const byPath = new Map<string, { name: FormPath; errors: string[] }>();
  for (const { name, message } of entries) {
    const key = name.join('.');
    const current = byPath.get(key) ?? { name, errors: [] };
    if (!current.errors.includes(message)) current.errors.push(message);
    byPath.set(key, current);
  }
  return [...byPath.values()];
}

export type ValidationResult = { ok: true; data: Record<string, unknown> } | { ok: false; errors: FieldErrors; messages: string[] };

export function validateRecord(t: TFunction, entity: EntityDeclaration, mode: SchemaMode, values: unknown): ValidationResult {
  return validateWith(t, entity, entitySchema(entity, mode), values);
}

/** Any schema of the domain (IAM's invite and edit schemas), its messages labelled from the declaration. */
export function validateWith(t: TFunction, entity: EntityDeclaration, schema: z.ZodType, values: unknown): ValidationResult {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: isPlainObject(result.data) ? result.data : {} };
  const entries = result.error.issues.map((issue) => ({ name: formPathOf(entity, issue.path), message: issueMessage(t, entity, issue) }));
  return { ok: false, errors: group(entries.filter((e) => e.name.length > 0)), messages: entries.map((e) => e.message) };
}

/** Error lists that replace every field's previous errors: fixed fields lose theirs, failing ones get the new ones. */
export function replaceErrors(names: FormPath[], errors: FieldErrors): FieldErrors {
  const failing = new Set(errors.map((e) => e.name.join('.')));
  const cleared = (name: FormPath): FieldErrors[number] => ({ name, errors: [] });
  return [...names.filter((name) => !failing.has(name.join('.'))).map(cleared), ...errors];
}

/** Changed values clear their field's errors until the next submit. */
export function clearedErrorsOf(changed: Record<string, unknown>, prefix: string[] = []): FieldErrors {
  return Object.entries(changed).flatMap(([key, value]) =>
    isPlainObject(value) && !('id' in value) && prefix.length === 0 && Object.keys(value).length
      ? clearedErrorsOf(value, [key])
      : [{ name: [...prefix, key], errors: [] }],
  );
}

/** The server's field errors (already translated) placed on the form's fields (the declared ones, or `known`). */
export function serverFieldErrors(entity: EntityDeclaration, error: unknown, known?: string[]): FieldErrors {
  if (!(error instanceof ApiError) || !error.fields.length) return [];
  const entries = error.fields
    .map((field) => ({ name: formPathOf(entity, field.path.split('.')), message: field.message }))
    .filter((entry) => entry.name.length > 0 && (known ? known.includes(entry.name.join('.')) : fieldAt(entity, entry.name.join('.'))));
  return group(entries);
}
