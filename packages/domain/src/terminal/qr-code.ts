/**
 * What an order's QR code holds (issue 27, item 4): its access code behind a versioned prefix, so a
 * locker's scanner gives the terminal exactly what a typed code gives it, and any other QR code held
 * to the scanner (a web address, another system's code) is told apart and refused. The API draws it
 * (GET /order/:id/qrcode), the terminal decodes it; docs/terminal-link.md says how a scan travels.
 */

/** The prefix of every payload; a later format takes `EBOX2:`, and terminals refuse what they do not know. */
export const QR_PAYLOAD_PREFIX = 'EBOX1:';

/** How the code reached the terminal, said by the parcel events' optional `input` field. */
export const ACCESS_CODE_INPUTS = ['keypad', 'qr'] as const;
export type AccessCodeInput = (typeof ACCESS_CODE_INPUTS)[number];

/** An access code as it may travel in a payload: printable ASCII, no spaces (codes may be supplied by a shipper). */
const ACCESS_CODE_PATTERN = /^[\x21-\x7E]{1,64}$/;

/** The text of an order's QR code. */
export function qrPayloadOf(accessCode: string): string {
  if (!ACCESS_CODE_PATTERN.test(accessCode)) throw new Error('an access code is printable ASCII without spaces');
  return `${QR_PAYLOAD_PREFIX}${accessCode}`;
}

/**
 * The access code a scanned text carries, or null when it is not one of ours. Surrounding whitespace
 * (a scanner's trailing newline) is ignored, and so is the prefix's case; nothing else is.
 */
export function accessCodeOfQrPayload(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.slice(0, QR_PAYLOAD_PREFIX.length).toUpperCase() !== QR_PAYLOAD_PREFIX) return null;
  const code = trimmed.slice(QR_PAYLOAD_PREFIX.length);
  return ACCESS_CODE_PATTERN.test(code) ? code : null;
}
