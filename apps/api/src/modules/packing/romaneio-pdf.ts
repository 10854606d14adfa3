import type { Readable } from 'node:stream';
import { type EntityRecord, formatDateTimeInZone, type Language, translatorFor } from '@ebox/domain';
import { DEFAULT_EXPORT_TIME_ZONE } from '../../kit/export';
import { drawBarcodePng } from '../order/tags/tag-pdf';
import type { PackingRow, Retargeted, RomaneioLocker } from './repository';

/**
 * The romaneio (issue 30, item 4): an A4 list the warehouse and the courier sign. A header with the
 * packing's name and a Code 128 barcode of its id, date, warehouse, courier, route; then each locker
 * in the run's order with its address and working hours, the parcels to deposit (tracking code with
 * its barcode, size, target compartment, invoice) and the collections to make; totals and two
 * signature lines. Barcodes are the order tags' (bwip-js through drawBarcodePng); a row never
 * splits over a page, and a locker continued on a new page repeats its heading. Content streams
 * are uncompressed, as the tags' are: the text stays readable to whoever checks the file.
 */

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN;
const DEPOSIT_ROW = 44;
const COLLECTION_ROW = 16;

export type RomaneioPdf = { fileName: string; stream: Readable };

export type RomaneioData = {
  packing: EntityRecord;
  rows: PackingRow[];
  lockers: RomaneioLocker[];
  retargeted: Retargeted[];
};

const labelOf = (value: unknown): string =>
  value && typeof value === 'object' && 'label' in value ? String((value as { label: unknown }).label ?? '') : '';

function addressOf(locker: RomaneioLocker): string {
  const street = [locker.street, locker.number].filter(Boolean).join(', ');
  const place = [locker.neighborhood, [locker.city, locker.state].filter(Boolean).join('/')].filter(Boolean).join(' - ');
  return [street, locker.complement, place, locker.postalCode].filter(Boolean).join(' · ');
}

export async function openRomaneioPdf(data: RomaneioData, language: Language): Promise<RomaneioPdf> {
  const t = translatorFor(language);
  const r = (key: string, values?: Record<string, unknown>) => t(`entities.packing.romaneio.${key}`, values);
  const na = r('notAvailable');
  const date = (value: unknown) => (typeof value === 'string' && value ? formatDateTimeInZone(value, DEFAULT_EXPORT_TIME_ZONE) : na);
  const { packing, rows, lockers, retargeted } = data;
  const name = String(packing.name ?? '');
  // Drawn before the first page: a code bwip-js cannot draw fails the call, not a half-written file.
  const barcodes = new Map<string, Buffer>();
  barcodes.set(String(packing.id), await drawBarcodePng(String(packing.id)));
  for (const row of rows) if (row.step === 'delivery') barcodes.set(row.trackingCode, await drawBarcodePng(row.trackingCode));

  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, autoFirstPage: false, compress: false });
  doc.info.Title = `${r('title')} ${name}`;
  let page = 0;
  const newPage = () => {
    doc.addPage();
    page += 1;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#555555')
      .text(`${r('title')} ${name} · ${r('page', { page })}`, MARGIN, MARGIN, { width: WIDTH, align: 'right' });
    doc.fillColor('#000000');
    doc.y = MARGIN + 14;
  };
  /** A new page unless `height` fits below; true when one was added. */
  const room = (height: number) => {
    if (doc.y + height <= BOTTOM) return false;
    newPage();
    return true;
  };
  const line = (text: string, options: { bold?: boolean; size?: number; x?: number; width?: number } = {}) => {
    doc
      .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(options.size ?? 9)
      .text(text, options.x ?? MARGIN, doc.y, { width: options.width ?? WIDTH });
  };

  // Header.
  newPage();
  const top = doc.y;
  line(`${r('title')} ${name}`, { bold: true, size: 16, width: WIDTH - 230 });
  line(`${r('number')}: ${name}`, { width: WIDTH - 230 });
  line(`${r('date')}: ${date(packing.createdAt)}`, { width: WIDTH - 230 });
  line(`${r('warehouse')}: ${labelOf(packing.warehouse) || na}`, { width: WIDTH - 230 });
  line(`${r('courier')}: ${labelOf(packing.operator) || na}`, { width: WIDTH - 230 });
  line(`${r('route')}: ${labelOf(packing.route) || na}`, { width: WIDTH - 230 });
  line(`${r('picking')}: ${t(`entities.packing.enumerators.picking.${String(packing.picking)}`)}`, { width: WIDTH - 230 });
  // The courier's code opens the run's lockers inside its window (issue 30, item 3): printed only for who may see it.
  if (typeof packing.runCode === 'string' && packing.runCode)
    line(r('runCode', { code: packing.runCode, from: date(packing.runFrom), until: date(packing.runUntil) }), {
      bold: true,
      width: WIDTH - 230,
    });
  if (packing.finishedAt) line(r('finished', { at: date(packing.finishedAt) }), { bold: true, width: WIDTH - 230 });
  const headerBottom = doc.y;
  doc.image(barcodes.get(String(packing.id)) as Buffer, MARGIN + WIDTH - 220, top, { fit: [220, 48] });
  doc
    .font('Helvetica')
    .fontSize(7)
    .text(String(packing.id), MARGIN + WIDTH - 220, top + 50, { width: 220, align: 'center' });
  doc.y = Math.max(headerBottom, top + 62) + 10;

  const retargetedBy = new Map(retargeted.map((row) => [row.trackingCode, row]));
  const lockerHeading = (locker: RomaneioLocker, position: number, continued: boolean) => {
    room(58);
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + WIDTH, doc.y)
      .lineWidth(0.5)
      .stroke();
    doc.y += 4;
    line(`${r('stop', { position, total: lockers.length })} · ${locker.code} · ${locker.name}${continued ? ` ${r('continued')}` : ''}`, {
      bold: true,
      size: 11,
    });
    if (!continued) {
      line(`${r('address')}: ${addressOf(locker) || na}`);
      line(`${r('workingHours')}: ${locker.workingHours || na}`);
    }
    doc.y += 4;
  };

  let deposits = 0;
  let collections = 0;
  let notFitting = 0;
  for (const [index, locker] of lockers.entries()) {
    const own = rows.filter((row) => row.ebox?.id === locker.id);
    const toDeposit = own.filter((row) => row.step === 'delivery');
    const toCollect = own.filter((row) => row.step !== 'delivery');
    lockerHeading(locker, index + 1, false);

    line(`${r('deposits')} (${toDeposit.length})`, { bold: true });
    if (!toDeposit.length) line(r('none'));
    for (const row of toDeposit) {
      if (room(DEPOSIT_ROW)) lockerHeading(locker, index + 1, true);
      const y = doc.y;
      doc.image(barcodes.get(row.trackingCode) as Buffer, MARGIN, y, { fit: [170, 26] });
      doc
        .font('Helvetica-Bold')
        .fontSize(9)
        .text(row.trackingCode, MARGIN, y + 28, { width: 170 });
      const moved = retargetedBy.get(row.trackingCode);
      let place: string;
      if (row.target) {
        deposits += 1;
        place = `${r('compartment')}: ${row.target.number}`;
      } else {
        notFitting += 1;
        place = r('notFitting', {
          reason: t('entities.packing.notFitting.noFreeCompartment', { size: row.compartimentSize ?? '', locker: locker.code }),
        });
      }
      doc.font('Helvetica').fontSize(9);
      doc.text(`${r('size')}: ${row.compartimentSize ?? na}`, MARGIN + 180, y, { width: 90 });
      doc.font('Helvetica-Bold').text(place, MARGIN + 270, y, { width: 130 });
      doc.font('Helvetica').text(`${r('invoice')}: ${row.invoiceNumber ?? na}`, MARGIN + 405, y, { width: WIDTH - 405 });
      const note = moved
        ? moved.to === null
          ? r('lostTarget', { from: moved.from ?? na })
          : r('retargeted', { from: moved.from ?? na, to: moved.to })
        : row.previousCompartimentNumber !== null && row.target
          ? r('retargeted', { from: row.previousCompartimentNumber, to: row.target.number })
          : null;
      if (note)
        doc
          .font('Helvetica-Oblique')
          .fontSize(8)
          .text(note, MARGIN + 180, y + 14, { width: WIDTH - 180 });
      doc.y = y + DEPOSIT_ROW;
    }

    doc.y += 4;
    if (room(COLLECTION_ROW * 2)) lockerHeading(locker, index + 1, true);
    line(`${r('collections')} (${toCollect.length})`, { bold: true });
    if (!toCollect.length) line(r('none'));
    for (const row of toCollect) {
      if (room(COLLECTION_ROW)) lockerHeading(locker, index + 1, true);
      collections += 1;
      const y = doc.y;
      doc.font('Helvetica-Bold').fontSize(9).text(row.trackingCode, MARGIN, y, { width: 170 });
      doc.font('Helvetica').text(t(`entities.packing.steps.${row.step}`), MARGIN + 180, y, { width: 130 });
      doc.text(`${r('size')}: ${row.compartimentSize ?? na}`, MARGIN + 315, y, { width: 80 });
      doc.text(`${r('compartment')}: ${row.compartimentNumber ?? na}`, MARGIN + 405, y, { width: WIDTH - 405 });
      doc.y = y + COLLECTION_ROW;
    }
    doc.y += 8;
  }

  // Totals and signatures, together on one page.
  room(150);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + WIDTH, doc.y)
    .lineWidth(1)
    .stroke();
  doc.y += 6;
  line(r('totals'), { bold: true, size: 11 });
  line(`${r('totalLockers')}: ${lockers.length}`);
  line(`${r('totalDeposits')}: ${deposits}`);
  line(`${r('totalCollections')}: ${collections}`);
  line(`${r('totalNotFitting')}: ${notFitting}`);
  doc.y += 40;
  const signatureY = doc.y;
  const half = (WIDTH - 40) / 2;
  for (const [i, key] of (['signatureWarehouse', 'signatureCourier'] as const).entries()) {
    const x = MARGIN + i * (half + 40);
    doc
      .moveTo(x, signatureY)
      .lineTo(x + half, signatureY)
      .lineWidth(0.5)
      .stroke();
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(r(key), x, signatureY + 4, { width: half, align: 'center' });
  }
  doc.end();
  const day = new Date().toISOString().slice(0, 10);
  return { fileName: `${r('fileName')}-${name.replace(/[^\w-]+/g, '-')}-${day}.pdf`, stream: doc };
}
