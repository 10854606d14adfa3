import {
  ENTITIES,
  type EntityDeclaration,
  type Field,
  importCellValue,
  importColumnOfHeader,
  isPlainObject,
  LANGUAGES,
  naturalKeyOf,
  normalizedKey,
  spreadsheetColumn,
  userEntity,
} from '@ebox/domain';
import type { TFunction } from 'i18next';
import { i18n } from '../../app/i18n';
import { enumLabel, fieldAt, fieldLabel } from '../entity-labels';
import { sha256Hex } from './sha256';

/**
 * Import files (spec 5.4). The template is a `data` sheet with the translated import columns, a
 * second row saying what each column accepts, and a hidden `template` sheet naming the entity. A
 * file is read by its headers, not by position: the template, a file the console exported (any
 * language, extra columns such as the id are ignored) and a failed rows file are all imported.
 * exceljs is loaded with a dynamic import() only when a file is written or read.
 */

const MARKER = 'ebox-console-import-template';
const DATA_SHEET = 'data';
const TEMPLATE_SHEET = 'template';
const VALIDATED_ROWS = 1000;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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

function relationTarget(field: Extract<Field, { type: 'relation' }>): EntityDeclaration | undefined {
  return field.entity === 'user' ? userEntity : ENTITIES[field.entity];
}

/** What a column accepts, in the user's words ("Empresa: nome, id externo ou id", "Sim/Não", "DD/MM/AAAA HH:mm"). */
export function acceptsOf(t: TFunction, entity: EntityDeclaration, path: string): string {
  const field = fieldAt(entity, path);
  if (!field) return '';
  const a = (key: string, values?: Record<string, unknown>) => t(`kit.importer.accepts.${key}`, values ?? {});
  let text: string;
  switch (field.type) {
    case 'relation': {
      const target = relationTarget(field);
      if (!target) {
        text = 'id';
        break;
      }
      const keys = naturalKeyOf(target)
        .map((key) => fieldLabel(t, target, key).toLocaleLowerCase())
        .join(', ');
      const label = t(`entities.${target.name}.label`, { defaultValue: target.name });
      text = a(field.multiple ? 'relationMultiple' : 'relation', { entity: label, keys });
      break;
    }
    case 'enum': {
      const values = field.options.map((option) => enumLabel(t, entity, path, option)).join(', ');
      text = a(field.multiple ? 'enumMultiple' : 'enum', { values });
      break;
    }
    case 'text':
      text = field.email ? a('email') : field.url ? a('url') : field.max ? a('textMax', { max: field.max }) : a('text');
      break;
    case 'object':
      text = '';
      break;
    default:
      text = a(field.type);
  }
  return field.required ? `${text} (${a('required')})` : text;
}

/** The accepts texts of every column in every language: a template's second row, skipped when read. */
function acceptsTextsOf(entity: EntityDeclaration): Map<string, Set<string>> {
  const texts = new Map<string, Set<string>>();
  for (const language of LANGUAGES) {
    const t = i18n.getFixedT(language);
    for (const path of entity.importColumns) {
      const set = texts.get(path) ?? new Set<string>();
      set.add(normalizedKey(acceptsOf(t, entity, path)));
      texts.set(path, set);
    }
  }
  return texts;
}

export async function buildTemplate(entity: EntityDeclaration, t: TFunction): Promise<Blob> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Ebox Console';
  const sheet = workbook.addWorksheet(DATA_SHEET);
  const headers = entity.importColumns.map((name) => fieldLabel(t, entity, name));
  const accepts = entity.importColumns.map((name) => acceptsOf(t, entity, name));
  sheet.addRow(headers);
  sheet.addRow(accepts);
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F4FF' } };
  const hints = sheet.getRow(2);
  hints.font = { italic: true, color: { argb: 'FF595959' } };
  hints.alignment = { wrapText: true, vertical: 'top' };
  sheet.views = [{ state: 'frozen', ySplit: 2 }];

  // exceljs supports range validations (one entry per column) but its typings omit them.
  const validations = (sheet as unknown as { dataValidations: { add(range: string, rule: import('exceljs').DataValidation): void } })
    .dataValidations;
  const yesNo = `${t('kit.boolean.true')},${t('kit.boolean.false')}`;
  entity.importColumns.forEach((name, index) => {
    const column = sheet.getColumn(index + 1);
    column.width = Math.min(48, Math.max(18, (headers[index]?.length ?? 10) + 4, Math.ceil((accepts[index]?.length ?? 0) / 2)));
    const field = fieldAt(entity, name);
    if (!field) return;
    const letter = spreadsheetColumn(index);
    const range = `${letter}3:${letter}${VALIDATED_ROWS}`;
    sheet.getCell(`${letter}1`).note = accepts[index] ?? '';
    if (field.type === 'enum' && !field.multiple) {
      const list = field.options.map((option) => enumLabel(t, entity, name, option).replaceAll(',', ' ')).join(',');
      if (list.length < 250) validations.add(range, { type: 'list', allowBlank: true, formulae: [`"${list}"`] });
    } else if (field.type === 'boolean') {
      validations.add(range, { type: 'list', allowBlank: true, formulae: [`"${yesNo}"`] });
    }
  });

  const marker = workbook.addWorksheet(TEMPLATE_SHEET, { state: 'veryHidden' });
  marker.addRow([MARKER]);
  marker.addRow([entity.name]);
  marker.addRow([await templateHashOf(entity)]);
  marker.addRow(entity.importColumns);

  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: XLSX_TYPE });
}

/** A data row of a file: its line in the sheet, the values by field, and its cells as written (for the failed rows file). */
export type ImportFileRow = { line: number; values: Record<string, unknown>; cells: unknown[] };
export type ImportFileError = {
  key:
    | 'invalidFileExcel'
    | 'invalidFileUpload'
    | 'invalidFileEmpty'
    | 'invalidFileColumns'
    | 'missingColumns'
    | 'templateOtherEntity'
    | 'templateOutdated';
  values?: Record<string, string>;
};
export type ImportFile = { headers: string[]; rows: ImportFileRow[] };
export type ImportFileResult = ({ ok: true } & ImportFile) | { ok: false; error: ImportFileError };

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

/** What a person reads in a cell: text for the header and for the failed rows file. */
function cellText(value: unknown): string {
  const plain = importCellValue(value);
  return plain === null || plain === undefined ? '' : String(plain);
}

export async function readImportFile(entity: EntityDeclaration, file: File, t: TFunction): Promise<ImportFileResult> {
  if (!file.name.toLowerCase().endsWith('.xlsx')) return { ok: false, error: { key: 'invalidFileExcel' } };
  if (file.size === 0) return { ok: false, error: { key: 'invalidFileEmpty' } };
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(await file.arrayBuffer());
  } catch {
    return { ok: false, error: { key: 'invalidFileUpload' } };
  }
  // A template says whose and which version it is (spec 5.4: "must come from the latest template"):
  // another entity's, or one made before the columns changed, is refused before any row is read.
  // A file without the marker (an export, a failed rows file) is read by its headers.
  const marker = workbook.getWorksheet(TEMPLATE_SHEET);
  if (marker && cellText(marker.getRow(1).getCell(1).value) === MARKER) {
    const markedEntity = cellText(marker.getRow(2).getCell(1).value);
    if (markedEntity !== entity.name) {
      const other = ENTITIES[markedEntity] ? t(`entities.${markedEntity}.label`) : markedEntity;
      return { ok: false, error: { key: 'templateOtherEntity', values: { entity: t(`entities.${entity.name}.label`), other } } };
    }
    if (cellText(marker.getRow(3).getCell(1).value) !== (await templateHashOf(entity)))
      return { ok: false, error: { key: 'templateOutdated', values: { entity: t(`entities.${entity.name}.label`) } } };
  }
  const sheet = workbook.getWorksheet(DATA_SHEET) ?? workbook.worksheets.find((ws) => ws.state === 'visible');
  if (!sheet) return { ok: false, error: { key: 'invalidFileEmpty' } };

  const headerRow = sheet.getRow(1);
  const width = Math.max(headerRow.cellCount, sheet.columnCount);
  const headers = Array.from({ length: width }, (_, index) => cellText(headerRow.getCell(index + 1).value));
  // Each column's field by its header; a column named twice fills its field once, from the first.
  const seen = new Set<string>();
  const columns = headers.map((header) => {
    const path = importColumnOfHeader(entity, header);
    if (!path || seen.has(path)) return undefined;
    seen.add(path);
    return path;
  });
  if (!seen.size) return { ok: false, error: { key: 'invalidFileColumns', values: { entity: t(`entities.${entity.name}.label`) } } };
  const missing = entity.importColumns.filter((path) => fieldAt(entity, path)?.required && !seen.has(path));
  if (missing.length)
    return {
      ok: false,
      error: { key: 'missingColumns', values: { columns: missing.map((path) => fieldLabel(t, entity, path)).join(', ') } },
    };

  const accepts = acceptsTextsOf(entity);
  const rows: ImportFileRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    if (line === 1) return;
    const values: Record<string, unknown> = {};
    const cells = headers.map((_, index) => row.getCell(index + 1).value);
    let blank = true;
    columns.forEach((path, index) => {
      if (!path) return;
      let value = importCellValue(cells[index]);
      // The template's "accepts" row, or a hint left in a column the user did not fill, is no value.
      if (typeof value === 'string' && accepts.get(path)?.has(normalizedKey(value))) value = null;
      if (value !== null) blank = false;
      setPath(values, path, value);
    });
    if (!blank) rows.push({ line, values, cells });
  });
  if (!rows.length) return { ok: false, error: { key: 'invalidFileEmpty' } };
  return { ok: true, headers, rows };
}

/**
 * The rows that failed, as the user sent them (same columns, same cells) plus the error of each:
 * corrected, the file is imported again (the error column is not a field, so it is ignored).
 */
export async function buildFailedRowsFile(
  file: ImportFile,
  failed: { row: ImportFileRow; message: string }[],
  t: TFunction,
): Promise<Blob> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Ebox Console';
  const sheet = workbook.addWorksheet(DATA_SHEET);
  sheet.addRow([...file.headers, t('kit.importer.errorColumn'), t('kit.importer.lineColumn')]);
  const header = sheet.getRow(1);
  header.font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const { row, message } of failed) {
    const cells = file.headers.map((_, index) => {
      const value = row.cells[index];
      return value instanceof Date || typeof value === 'number' || typeof value === 'boolean' ? value : cellText(value) || null;
    });
    sheet.addRow([...cells, message, row.line]);
  }
  file.headers.forEach((name, index) => {
    const column = sheet.getColumn(index + 1);
    column.width = Math.max(16, name.length + 4);
    if (failed.some(({ row }) => row.cells[index] instanceof Date)) column.numFmt = 'dd/mm/yyyy hh:mm';
  });
  const errorColumn = sheet.getColumn(file.headers.length + 1);
  errorColumn.width = 60;
  errorColumn.font = { color: { argb: 'FFCF1322' } };
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: XLSX_TYPE });
}
