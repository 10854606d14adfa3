import { IMAGE_FORMATS } from '@ebox/domain';
/**
 * What a file really is, read from its first bytes: a browser sends whatever extension and content
 * type the user's file has, so "an image where images are expected" is decided by the content.
 */
export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp';

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function sniffImage(bytes: Buffer): ImageKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/** Extensions each image kind may carry. */
const IMAGE_EXTENSIONS: Record<ImageKind, string[]> = { jpeg: ['jpg', 'jpeg'], png: ['png'], gif: ['gif'], webp: ['webp'] };

/** Image formats an upload accepts when a field wants images and names no formats (SVG can carry scripts). */
export const UPLOAD_IMAGE_FORMATS = IMAGE_FORMATS;

export function extensionsOfImage(kind: ImageKind): string[] {
  return IMAGE_EXTENSIONS[kind];
}

const MIME_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
  apk: 'application/vnd.android.package-archive',
};

export function mimeTypeOf(extension: string, image: ImageKind | null): string {
  if (image) return `image/${image}`;
  return MIME_TYPES[extension] ?? 'application/octet-stream';
}

/**
 * Whether the content matches a declared non-image format. Formats whose content we can recognise
 * are checked (an executable renamed to .pdf is refused); others are taken by their extension.
 */
export function contentMatchesFormat(bytes: Buffer, extension: string): boolean {
  const image = sniffImage(bytes);
  if (UPLOAD_IMAGE_FORMATS.includes(extension)) return image !== null && extensionsOfImage(image).includes(extension);
  switch (extension) {
    case 'pdf':
      return startsWith(bytes, ascii('%PDF-'));
    case 'txt':
    case 'csv':
      return !bytes.includes(0);
    case 'xlsx':
    case 'zip':
    case 'apk':
      return startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]);
    default:
      return true;
  }
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** A file name safe to store and to put in a URL path: no folders, no control characters, at most 200 characters. */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f"<>|*?:]/g, '').trim();
  if (!clean || clean === '.' || clean === '..') return 'file';
  if (clean.length <= 200) return clean;
  const extension = extensionOf(clean);
  return extension ? `${clean.slice(0, 199 - extension.length)}.${extension}` : clean.slice(0, 200);
}
