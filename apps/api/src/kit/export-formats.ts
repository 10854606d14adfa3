import type { Writable } from 'node:stream';
import { type ExportFormat, type Language, spreadsheetColumn } from '@ebox/domain';
import { writeTo, ZipWriter } from './zip-writer';

/**
 * The two files an export writes, row by row onto the download: .xlsx (one sheet "data", built
 * here as plain XML in a zip rather than through a spreadsheet library, which spent most of an
 * export's time on per-cell objects and styles) and .csv for Excel in Brazil (UTF-8 with a byte
 * order mark so accents read right, `;` between values, decimal comma in pt-BR).
 */

/** How a column's values are written: dates and numbers stay dates and numbers in the spreadsheet. */
export type CellKind = 'text' | 'number' | 'currency' | 'date';
export type ExportColumn = { header: string; kind: CellKind };
/**
 * A cell as the writers take it: text, a number, or for a date column the milliseconds since
 * 1970 whose UTC reading is the wall clock to show (the export's time zone already applied).
 */
export type Cell = string | number | null;

export type SheetWriter = {
  /** Writes rows; answers once the download took them (or wants more). */
  writeRows(rows: Cell[][]): Promise<void>;
  /** Completes the file and ends the download. */
  close(): Promise<void>;
};

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** A number as PostgreSQL writes a numeric column. */
const NUMERIC = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** DD/MM/YYYY HH:mm of the UTC reading of `millis` (the wall clock; see Cell). */
function dateText(millis: number): string {
  const d = new Date(millis);
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** Bytes of rows' text handed on at a time. */
const CHUNK_BYTES = 256 * 1024;

/**
 * Rows' text gathered into byte chunks, each handed to `flush` when full. A batch's text built as
 * one string was a rope of every cell's pieces, alive until the batch ended: it outlived V8's young
 * collections and was promoted, and a million rows grew the heap by hundreds of MiB of garbage
 * (npm run bench -- order-export). A row's own string now dies young; only the chunk lives on.
 */
class TextChunks {
  private chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  private used = 0;

  constructor(private readonly flush: (bytes: Buffer) => Promise<void>) {}

  /**
   * Adds `text`; when it might not fit (UTF-8: at most 3 bytes a UTF-16 unit) the chunk is handed
   * on first, and only then is there a promise to wait for (none per row otherwise).
   */
  add(text: string): Promise<void> | undefined {
    if (this.used + text.length * 3 <= CHUNK_BYTES) {
      this.used += this.chunk.write(text, this.used, 'utf8');
      return undefined;
    }
    return this.drain().then(() => {
      if (text.length * 3 > CHUNK_BYTES) return this.flush(Buffer.from(text, 'utf8'));
      this.used += this.chunk.write(text, this.used, 'utf8');
    });
  }

  /** Hands on what was gathered. */
  async drain(): Promise<void> {
    if (!this.used) return;
    const full = this.chunk.subarray(0, this.used);
    this.chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    this.used = 0;
    await this.flush(full);
  }
}

// ---------------------------------------------------------------------------------------- csv

const CSV_SPECIAL = /[;"\r\n]/;
/**
 * A text Excel would run as a formula (=, +, -, @, tab, carriage return first) is written after an
 * apostrophe, as OWASP advises for CSV files: a customer named "=HYPERLINK(...)" stays text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvText(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return CSV_SPECIAL.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function createCsvWriter(out: Writable, columns: ExportColumn[], language: Language): SheetWriter {
  const decimalComma = language === 'pt-BR';
  const numberText = (value: string | number) => (decimalComma ? String(value).replace('.', ',') : String(value));
  const cellText = (kind: CellKind, value: Cell): string => {
    if (value === null || value === '') return '';
    if (kind === 'date' && typeof value === 'number') return dateText(value);
    if ((kind === 'number' || kind === 'currency') && (typeof value === 'number' || NUMERIC.test(value))) return numberText(value);
    return csvText(String(value));
  };
  const kinds = columns.map((column) => column.kind);
  const text = new TextChunks((bytes) => writeTo(out, bytes));
  // The byte order mark tells Excel the file is UTF-8 (without it, "João" reads "JoÃ£o").
  let pending: string | null = `\uFEFF${columns.map((column) => csvText(column.header)).join(';')}\r\n`;
  return {
    async writeRows(rows) {
      if (pending !== null) await text.add(pending);
      pending = null;
      for (const row of rows) {
        let line = '';
        for (let i = 0; i < kinds.length; i += 1) {
          if (i) line += ';';
          line += cellText(kinds[i], row[i] ?? null);
        }
        const handedOn = text.add(`${line}\r\n`);
        if (handedOn) await handedOn;
      }
    },
    async close() {
      if (pending !== null) await text.add(pending);
      await text.drain();
      out.end();
    },
  };
}

// --------------------------------------------------------------------------------------- xlsx

// Characters XML 1.0 cannot hold are dropped; the three markup characters are escaped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const XML_SPECIAL = /[<>&\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const XML_SPECIAL_ALL = /[<>&\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/g;
const XML_ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;' };

function xmlText(value: string): string {
  return XML_SPECIAL.test(value) ? value.replace(XML_SPECIAL_ALL, (c) => XML_ENTITIES[c] ?? '') : value;
}

/** Excel counts days from 1899-12-30: 25569 is 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25569;
const DAY_MILLIS = 86_400_000;

/** Style indexes of styles.xml below: 1 date and time, 2 Brazilian currency, 3 the header's bold. */
const STYLE_OF: Record<CellKind, string> = { text: '', number: '', date: ' s="1"', currency: ' s="2"' };

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const PARTS: [string, string][] = [
  [
    '[Content_Types].xml',
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  ],
  [
    '_rels/.rels',
    `${XML_HEAD}<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE_RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/workbook.xml',
    `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${OFFICE_RELATIONSHIPS}"><sheets><sheet name="data" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `${XML_HEAD}<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE_RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${OFFICE_RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`,
  ],
  [
    'xl/styles.xml',
    // Excel writes a date and a currency amount in the reader's own separators; the formats only
    // say which parts to show.
    `${XML_HEAD}<styleSheet xmlns="${MAIN}"><numFmts count="2"><numFmt numFmtId="164" formatCode="dd/mm/yyyy hh:mm"/><numFmt numFmtId="165" formatCode="&quot;R$&quot; #,##0.00"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
  ],
];

function textCell(ref: string, value: string, style = ''): string {
  return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${xmlText(value)}</t></is></c>`;
}

/** The header row stays in view while scrolling (a pane frozen under row 1). */
const FROZEN_HEADER =
  '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>';

export async function createXlsxWriter(out: Writable, columns: ExportColumn[]): Promise<SheetWriter> {
  const zip = new ZipWriter(out);
  for (const [name, content] of PARTS) await zip.addFile(name, content);
  const sheet = await zip.openFile('xl/worksheets/sheet1.xml');
  const letters = columns.map((_, index) => spreadsheetColumn(index));
  const kinds = columns.map((column) => column.kind);
  const cols = columns
    .map((column, index) => `<col min="${index + 1}" max="${index + 1}" width="${column.kind === 'date' ? 18 : 24}" customWidth="1"/>`)
    .join('');
  // A bold header, frozen above the rows and filterable (the filter's range is known at the end).
  const header = columns.map((column, index) => textCell(`${letters[index]}1`, column.header, ' s="3"')).join('');
  await sheet.write(`${XML_HEAD}<worksheet xmlns="${MAIN}">${FROZEN_HEADER}<cols>${cols}</cols><sheetData><row r="1">${header}</row>`);
  let line = 1;
  const text = new TextChunks((bytes) => sheet.write(bytes));
  return {
    async writeRows(rows) {
      for (const row of rows) {
        line += 1;
        let xml = `<row r="${line}">`;
        for (let i = 0; i < kinds.length; i += 1) {
          const value = row[i];
          if (value === null || value === undefined || value === '') continue;
          const kind = kinds[i];
          const ref = `${letters[i]}${line}`;
          if (kind === 'date' && typeof value === 'number') {
            xml += `<c r="${ref}"${STYLE_OF.date}><v>${value / DAY_MILLIS + EXCEL_EPOCH_DAYS}</v></c>`;
          } else if (kind !== 'text' && (typeof value === 'number' ? Number.isFinite(value) : NUMERIC.test(value))) {
            xml += `<c r="${ref}"${STYLE_OF[kind]}><v>${value}</v></c>`;
          } else {
            xml += textCell(ref, String(value));
          }
        }
        const handedOn = text.add(`${xml}</row>`);
        if (handedOn) await handedOn;
      }
    },
    async close() {
      const filter = letters.length ? `<autoFilter ref="A1:${letters[letters.length - 1]}${line}"/>` : '';
      await text.add(`</sheetData>${filter}</worksheet>`);
      await text.drain();
      await sheet.end();
      await zip.finish();
      out.end();
    },
  };
}

export function createSheetWriter(format: ExportFormat, out: Writable, columns: ExportColumn[], language: Language): Promise<SheetWriter> {
  return format === 'csv' ? Promise.resolve(createCsvWriter(out, columns, language)) : createXlsxWriter(out, columns);
}
