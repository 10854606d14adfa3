import type { Readable } from 'node:stream';
import { type Language, translatorFor } from '@ebox/domain';

export type OrderTag = {
  id: string;
  type: string;
  name: string;
  barCode: string;
  eBoxAddress: string;
  eBoxZipCode: string;
  eBoxCode: string;
  createTime: string;
  logisticsCompany: string;
  orderNumber: string;
};

/**
 * The tag PDF: one 4 x 6 inch label a page (the thermal label printers of parcel counters), each
 * with a Code 128 barcode of the tracking code drawn by bwip-js as a PNG and placed by pdfkit.
 * Pages are written as the barcodes are drawn and leave as they are written, so a long print run
 * is never held whole. Content streams are left uncompressed: they are a few hundred bytes of text
 * a label (the barcode images are compressed anyway), and the text stays readable to anyone
 * checking the file.
 */

const PAGE = { width: 288, height: 432 };
const MARGIN = 18;
const WIDTH = PAGE.width - 2 * MARGIN;

/** What bwip-js draws for a tracking code: white background (no alpha channel, so pdfkit embeds the PNG as is). */
export const BARCODE_OPTIONS = {
  bcid: 'code128',
  scale: 2,
  height: 14,
  includetext: false,
  backgroundcolor: 'FFFFFF',
  paddingwidth: 4,
} as const;

export async function drawBarcodePng(trackingCode: string): Promise<Buffer> {
  // Loaded with the first tag: pdfkit and bwip-js (fonts, barcode tables) cost a start-up their load time otherwise.
  const { default: bwipjs } = await import('bwip-js/node');
  return bwipjs.toBuffer({ ...BARCODE_OPTIONS, text: trackingCode });
}

export type TagPdf = { fileName: string; stream: Readable };

export function tagFileName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `print-tags-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.pdf`;
}

function writeLabel(doc: PDFKit.PDFDocument, tag: OrderTag, barcode: Buffer, language: Language): void {
  const t = translatorFor(language);
  const field = (label: string, value: string, size = 10) => {
    doc.font('Helvetica').fontSize(7).fillColor('#555555').text(label.toUpperCase(), { width: WIDTH });
    doc.font('Helvetica-Bold').fontSize(size).fillColor('#000000').text(value, { width: WIDTH });
    doc.moveDown(0.35);
  };
  doc.font('Helvetica-Bold').fontSize(13).text(tag.logisticsCompany, MARGIN, MARGIN, { width: WIDTH });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`${t('orderTags.type')}: ${tag.type}`, { width: WIDTH });
  doc.moveDown(0.5);
  doc.image(barcode, MARGIN, doc.y, { fit: [WIDTH, 70], align: 'center' });
  doc.y += 74;
  doc.font('Helvetica-Bold').fontSize(12).text(tag.barCode, MARGIN, doc.y, { width: WIDTH, align: 'center' });
  doc.moveDown(0.6);
  field(t('orderTags.recipient'), tag.name, 12);
  field(t('orderTags.locker'), tag.eBoxCode);
  field(t('orderTags.address'), tag.eBoxAddress);
  field(t('orderTags.postalCode'), tag.eBoxZipCode || t('orderTags.notAvailable'), 12);
  field(t('orderTags.orderNumber'), tag.orderNumber);
  field(t('orderTags.createdAt'), tag.createTime, 9);
}

/** The PDF of `tags` in their order, as a stream; a barcode bwip-js cannot draw ends the stream with its error. */
export async function openTagPdf(tags: OrderTag[], language: Language): Promise<TagPdf> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: [PAGE.width, PAGE.height], margin: MARGIN, autoFirstPage: false, compress: false });
  doc.info.Title = translatorFor(language)('orderTags.fileName');
  const write = async () => {
    try {
      for (const tag of tags) {
        const barcode = await drawBarcodePng(tag.barCode);
        doc.addPage();
        writeLabel(doc, tag, barcode, language);
      }
      doc.end();
    } catch (error) {
      doc.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  };
  void write();
  return { fileName: tagFileName(), stream: doc };
}
