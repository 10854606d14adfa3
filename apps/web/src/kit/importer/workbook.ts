import { type EntityDeclaration, isPlainObject } from '@ebox/domain';
import type { TFunction } from 'i18next';
import { enumLabel, fieldAt, fieldLabel } from '../entity-labels';
import { sha256Hex } from './sha256';

/**
 * Import templates (spec 5.4): a `data` sheet with the translated import columns and a hidden
 * `template` sheet naming the entity and a hash of its import columns. A file whose marker is
 * missing or differs comes from an older template and is refused. exceljs is loaded with a
 * dynamic import() only when a template is written or a file read.
 */

const MARKER = 'ebox-console-import-template';
const DATA_SHEET = 'data';
const TEMPLATE_SHEET = 'template';
const VALIDATED_ROWS = 1000;

async function loadExcel() {
  const module = await import('exceljs');
  return (module.default ?? module) as typeof import('exceljs');
}

/** Identifies the template version: changes when the import columns or their types change. */
export function templateHashOf(entity: EntityDeclaration): Promise<string> {
  const columns = entity.importColumns.map((name) => {
    const field = fieldAt(entity, name);
    const multiple = field && 'multiple' in field ? Boolean(field.multiple) : false;
    return [name, field?.type ?? 'unknown', multiple];
  });
  return sha256Hex(JSON.stringify({ entity: entity.name, columns }));
}

function columnLetter(index: number): string {
  let n = index;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

export async function buildTemplate(entity: EntityDeclaration, t: TFunction): Promise<Blob> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Ebox Console';
  const sheet = workbook.addWorksheet(DATA_SHEET);
  const headers = entity.importColumns.map((name) => fieldLabel(t, entity, name));
  sheet.addRow(headers);
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F4FF' } };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];

  // exceljs supports range validations (one entry per column) but its typings omit them.
  const validations = (sheet as unknown as { dataValidations: { add(range: string, rule: import('exceljs').DataValidation): void } })
    .dataValidations;
  entity.importColumns.forEach((name, index) => {
    const column = sheet.getColumn(index + 1);
    column.width = Math.max(16, (headers[index]?.length ?? 10) + 4);
    const field = fieldAt(entity, name);
    if (!field) return;
    const letter = columnLetter(index + 1);
    const range = `${letter}2:${letter}${VALIDATED_ROWS}`;
    const cell = sheet.getCell(`${letter}1`);
    if (field.type === 'enum') {
      const values = field.options.map((option) => `${option} = ${enumLabel(t, entity, name, option)}`).join('\n');
      cell.note = values;
      const list = field.options.join(',');
      if (!field.multiple && list.length < 250) {
        validations.add(range, { type: 'list', allowBlank: true, formulae: [`"${list}"`] });
      }
    } else if (field.type === 'boolean') {
      cell.note = `true / false`;
      validations.add(range, { type: 'list', allowBlank: true, formulae: ['"true,false"'] });
    } else if (field.type === 'dateTime') {
      cell.note = 'YYYY-MM-DD HH:mm';
    } else if (field.type === 'relation' || field.type === 'stringList' || field.type === 'files') {
      cell.note = t('kit.importer.templateHint');
    }
  });

  const marker = workbook.addWorksheet(TEMPLATE_SHEET, { state: 'veryHidden' });
  marker.addRow([MARKER]);
  marker.addRow([entity.name]);
  marker.addRow([await templateHashOf(entity)]);
  marker.addRow(entity.importColumns);

  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

export type ImportFileRow = { line: number; values: Record<string, unknown> };
export type ImportFileError = 'invalidFileExcel' | 'invalidFileUpload' | 'invalidFileEmpty' | 'invalidFileTemplate';
export type ImportFileResult = { ok: true; rows: ImportFileRow[] } | { ok: false; error: ImportFileError };

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * A cell as the schema expects it. Excel dates have no time zone and exceljs hands them over as
 * if they were UTC: the wall-clock time typed in the sheet is rebuilt and read as local time.
 */
function cellValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) {
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}`;
  }
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText))
      return value.richText.map((part: unknown) => (isPlainObject(part) ? String(part.text ?? '') : '')).join('');
    if ('result' in value) return cellValue(value.result);
    if ('text' in value) return cellValue(value.text);
    return null;
  }
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  return value;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const child = node[part];
    const next = isPlainObject(child) ? child : {};
    node[part] = next;
    node = next;
  }
  node[parts[parts.length - 1]] = value;
}

export async function readImportFile(entity: EntityDeclaration, file: File): Promise<ImportFileResult> {
  if (!file.name.toLowerCase().endsWith('.xlsx')) return { ok: false, error: 'invalidFileExcel' };
  if (file.size === 0) return { ok: false, error: 'invalidFileEmpty' };
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(await file.arrayBuffer());
  } catch {
    return { ok: false, error: 'invalidFileUpload' };
  }

  const marker = workbook.getWorksheet(TEMPLATE_SHEET);
  const expected = await templateHashOf(entity);
  if (
    !marker ||
    cellValue(marker.getCell('A1').value) !== MARKER ||
    cellValue(marker.getCell('A2').value) !== entity.name ||
    cellValue(marker.getCell('A3').value) !== expected
  ) {
    return { ok: false, error: 'invalidFileTemplate' };
  }
  const sheet = workbook.getWorksheet(DATA_SHEET) ?? workbook.worksheets.find((ws) => ws.state === 'visible');
  if (!sheet) return { ok: false, error: 'invalidFileTemplate' };
  const headerCount = entity.importColumns.filter((_, index) => cellValue(sheet.getRow(1).getCell(index + 1).value) !== null).length;
  if (headerCount !== entity.importColumns.length) return { ok: false, error: 'invalidFileTemplate' };

  const rows: ImportFileRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    if (line === 1) return;
    const values: Record<string, unknown> = {};
    let blank = true;
    entity.importColumns.forEach((name, index) => {
      const value = cellValue(row.getCell(index + 1).value);
      if (value !== null) blank = false;
      setPath(values, name, value);
    });
    if (!blank) rows.push({ line, values });
  });
  if (!rows.length) return { ok: false, error: 'invalidFileEmpty' };
  return { ok: true, rows };
}
