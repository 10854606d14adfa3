import { deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

/**
 * Pix "copia e cola" codes (the Banco Central's BR Code: EMV QRCPS merchant-presented mode) and
 * their QR image, as Mercado Pago returns them in `point_of_interaction.transaction_data`.
 */

export type PixBrCodeFields = {
  /** The receiver's Pix key (an e-mail, a phone, a CPF/CNPJ or a random EVP key). */
  pixKey: string;
  /** Reais; written with two decimals. */
  amount: number;
  /** Up to 25 characters once accents are taken out (field 59). */
  merchantName: string;
  /** Up to 15 characters once accents are taken out (field 60). */
  merchantCity: string;
  /** The transaction id in the additional data (62-05): up to 25 letters and digits. */
  txid: string;
};

/** One EMV field: two-digit id, two-digit length, value (ASCII, so characters are bytes). */
const field = (id: string, value: string) => {
  if (value.length > 99) throw new Error(`BR Code field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
};

/** Banks read the name and city as plain ASCII: accents out, anything else non-ASCII dropped. */
const asciiOf = (text: string, max: number) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .trim()
    .slice(0, max);

/** CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) as 4 uppercase hex digits. */
export function computeBrCodeCrc(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** A BR Code whose last field is 63 with the CRC of everything before its value ("6304" included). */
export function hasValidBrCodeCrc(code: string): boolean {
  const match = /^(.*6304)([0-9A-F]{4})$/s.exec(code);
  return match !== null && computeBrCodeCrc(match[1] as string) === match[2];
}

/** The top-level fields of a BR Code by id (templates 26 and 62 left as their raw value: parse them again). */
export function parseBrCode(code: string): Record<string, string> {
  const fields: Record<string, string> = {};
  let at = 0;
  while (at < code.length) {
    const id = code.slice(at, at + 2);
    const length = Number(code.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length) || at + 4 + length > code.length) {
      throw new Error(`not a BR Code: bad field at ${at}`);
    }
    fields[id] = code.slice(at + 4, at + 4 + length);
    at += 4 + length;
  }
  return fields;
}

/** A dynamic-amount Pix code as Mercado Pago's: key in 26, one-time (01=12), txid in 62-05, CRC in 63. */
export function buildPixBrCode(fields: PixBrCodeFields): string {
  const txid = fields.txid.replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***';
  const payload = [
    field('00', '01'),
    field('01', '12'),
    field('26', field('00', 'br.gov.bcb.pix') + field('01', fields.pixKey)),
    field('52', '0000'),
    field('53', '986'),
    field('54', fields.amount.toFixed(2)),
    field('58', 'BR'),
    field('59', asciiOf(fields.merchantName, 25) || 'N'),
    field('60', asciiOf(fields.merchantCity, 15) || 'BRASILIA'),
    field('62', field('05', txid)),
    '6304',
  ].join('');
  return payload + computeBrCodeCrc(payload);
}

/**
 * The code as a QR image (PNG, 8-bit greyscale, 4-module quiet zone): qrcode makes the matrix, the
 * PNG is written here because qrcode only writes PNGs asynchronously and the sandbox answers a
 * request synchronously.
 */
export function renderPixQrPng(code: string, scale = 6): Buffer {
  const { modules } = QRCode.create(code, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const side = (modules.size + quiet * 2) * scale;
  const rows: Buffer[] = [];
  for (let y = 0; y < side; y++) {
    const row = Buffer.alloc(side + 1, 0xff);
    row[0] = 0; // filter: none
    const moduleY = Math.floor(y / scale) - quiet;
    for (let x = 0; x < side; x++) {
      const moduleX = Math.floor(x / scale) - quiet;
      const inside = moduleX >= 0 && moduleY >= 0 && moduleX < modules.size && moduleY < modules.size;
      if (inside && modules.get(moduleY, moduleX)) row[x + 1] = 0;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 0, 0, 0, 0], 8); // bit depth 8, greyscale, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const CRC32_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC32_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}
