import { inflateSync } from 'node:zlib';

/**
 * Reads back a PDF the API wrote with pdfkit (content streams uncompressed): its pages, the text of
 * each page and the barcode image of each label, decoded as Code 128 from its pixels. No PDF
 * library: the file is parsed as the handful of objects pdfkit writes.
 */

export type ReadPage = { text: string; barcode: string | null };

type PdfStream = { object: number; dict: string; bytes: Buffer };

function streamsOf(pdf: Buffer): PdfStream[] {
  const text = pdf.toString('latin1');
  const streams: PdfStream[] = [];
  const pattern = /(\d+) 0 obj\s*<<([\s\S]*?)>>\s*stream\r?\n/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const dict = match[2] as string;
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0);
    const start = match.index + match[0].length;
    streams.push({ object: Number(match[1]), dict, bytes: pdf.subarray(start, start + length) });
    pattern.lastIndex = start + length;
  }
  return streams;
}

/** The text shown by a content stream: pdfkit writes standard-font text as hex WinAnsi in TJ arrays. */
function textOf(content: string): string {
  const lines: string[] = [];
  for (const match of content.matchAll(/\[([^\]]*)\] TJ/g)) {
    const hex = [...(match[1] as string).matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
    lines.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return lines.join('\n');
}

// Code 128 bar/space widths of symbols 0..106 (106 is the stop, 7 elements).
const PATTERNS = [
  '212222',
  '222122',
  '222221',
  '121223',
  '121322',
  '131222',
  '122213',
  '122312',
  '132212',
  '221213',
  '221312',
  '231212',
  '112232',
  '122132',
  '122231',
  '113222',
  '123122',
  '123221',
  '223211',
  '221132',
  '221231',
  '213212',
  '223112',
  '312131',
  '311222',
  '321122',
  '321221',
  '312212',
  '322112',
  '322211',
  '212123',
  '212321',
  '232121',
  '111323',
  '131123',
  '131321',
  '112313',
  '132113',
  '132311',
  '211313',
  '231113',
  '231311',
  '112133',
  '112331',
  '132131',
  '113123',
  '113321',
  '133121',
  '313121',
  '211331',
  '231131',
  '213113',
  '213311',
  '213131',
  '311123',
  '311321',
  '331121',
  '312113',
  '312311',
  '332111',
  '314111',
  '221411',
  '431111',
  '111224',
  '111422',
  '121124',
  '121421',
  '141122',
  '141221',
  '112214',
  '112412',
  '122114',
  '122411',
  '142112',
  '142211',
  '241211',
  '221114',
  '413111',
  '241112',
  '134111',
  '111242',
  '121142',
  '121241',
  '114212',
  '124112',
  '124211',
  '411212',
  '421112',
  '421211',
  '212141',
  '214121',
  '412121',
  '111143',
  '111341',
  '131141',
  '114113',
  '114311',
  '411113',
  '411311',
  '113141',
  '114131',
  '311141',
  '411131',
  '211412',
  '211214',
  '211232',
  '2331112',
];

/** Decodes one row of a Code 128 symbol (true = dark pixel), checksum verified; null when it is not one. */
export function decodeCode128Row(dark: boolean[]): string | null {
  const runs: number[] = [];
  const first = dark.indexOf(true);
  if (first < 0) return null;
  const last = dark.lastIndexOf(true);
  for (let i = first; i <= last; ) {
    let j = i;
    while (j <= last && dark[j] === dark[i]) j++;
    runs.push(j - i);
    i = j;
  }
  // The start symbol is 11 modules wide over its first six runs.
  const module = runs.slice(0, 6).reduce((a, b) => a + b, 0) / 11;
  const widths = runs.map((run) => Math.round(run / module));
  const symbols: number[] = [];
  let at = 0;
  while (at < widths.length) {
    const rest = widths.length - at;
    const key = widths.slice(at, at + (rest === 7 ? 7 : 6)).join('');
    const value = PATTERNS.indexOf(key);
    if (value < 0) return null;
    symbols.push(value);
    at += rest === 7 ? 7 : 6;
  }
  if (symbols.pop() !== 106) return null;
  const check = symbols.pop();
  const [start, ...data] = symbols;
  if (start === undefined || start < 103 || start > 105) return null;
  const sum = data.reduce((total, value, index) => total + value * (index + 1), start);
  if (sum % 103 !== check) return null;
  let set = start === 103 ? 'A' : start === 104 ? 'B' : 'C';
  let out = '';
  for (const value of data) {
    if (set === 'C') {
      if (value < 100) out += String(value).padStart(2, '0');
      else if (value === 100) set = 'B';
      else if (value === 101) set = 'A';
      continue;
    }
    if (value === 99) set = 'C';
    else if (value === 100 && set === 'A') set = 'B';
    else if (value === 101 && set === 'B') set = 'A';
    else if (value < 96) out += String.fromCharCode(set === 'B' ? value + 32 : value < 64 ? value + 32 : value - 64);
  }
  return out;
}

/** The middle row of an RGB image stream (pdfkit re-deflates a PNG with alpha as plain RGB). */
function barcodeOf(stream: PdfStream): string | null {
  const width = Number(/\/Width (\d+)/.exec(stream.dict)?.[1]);
  const height = Number(/\/Height (\d+)/.exec(stream.dict)?.[1]);
  const pixels = inflateSync(stream.bytes);
  const row = Math.floor(height / 2) * width * 3;
  const dark = Array.from({ length: width }, (_, x) => (pixels[row + x * 3] ?? 255) < 128);
  return decodeCode128Row(dark);
}

export function readTagPdf(pdf: Buffer): { pageCount: number; pages: ReadPage[] } {
  if (pdf.subarray(0, 5).toString() !== '%PDF-') throw new Error('not a PDF');
  const streams = streamsOf(pdf);
  const latin1 = pdf.toString('latin1');
  const images = new Map(streams.filter((s) => /\/Subtype \/Image/.test(s.dict) && /\/DeviceRGB/.test(s.dict)).map((s) => [s.object, s]));
  // pdfkit writes an image's data when its encoding ends, not in page order: each page's content
  // stream names its image (`/I3 Do`), and the page's resources say which object that is.
  const imageOf = (content: string): PdfStream | undefined => {
    const name = /\/(I\d+) Do/.exec(content)?.[1];
    const object = name ? Number(new RegExp(`/${name} (\\d+) 0 R`).exec(latin1)?.[1]) : Number.NaN;
    return images.get(object);
  };
  const pages = streams
    .filter((s) => !/\/Subtype/.test(s.dict))
    .map((s) => {
      const content = s.bytes.toString('latin1');
      const image = imageOf(content);
      return { text: textOf(content), barcode: image ? barcodeOf(image) : null };
    });
  const pageCount = (latin1.match(/\/Type \/Page\b(?!s)/g) ?? []).length;
  return { pageCount, pages };
}
