import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { copyFile, mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';

/**
 * File storage behind one interface: local disk under DATA_DIR/files (default) or an S3-compatible
 * bucket when S3_* is set. Either way a file's public URL is an API URL signed with the file id, so
 * the URL saved in a record never expires; with S3 the API answers it with a fresh presigned URL.
 */
export type Storage = {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType?: string): Promise<void>;
  /**
   * Moves a finished local file (written by streaming, e.g. a large export) into the storage under
   * `key` without reading it into memory; the local file is gone afterwards.
   */
  putFile(key: string, filePath: string, contentType?: string): Promise<void>;
  /** A URL the browser can load without a bearer token. */
  publicUrl(fileId: string, key: string, name: string): Promise<string>;
  /** S3 only: a short-lived presigned URL of the object (the signed API URL redirects there). */
  downloadUrl(key: string): Promise<string | null>;
  /** Local storage only: verifies a signed URL's signature and opens the file. */
  open(key: string): Readable | null;
  verify(fileId: string, signature: string): boolean;
  /**
   * Where a browser PUTs a file's bytes itself (spec 7.4's upload of a terminal UI build), valid
   * until `expiresAt` (epoch seconds): with S3 a presigned PUT of `key`; locally an API URL signed
   * with the file id, the expiry and the largest size it takes (`maxBytes`), answered by
   * PUT /file/upload/:id (modules/files).
   */
  uploadUrl(upload: { fileId: string; key: string; contentType: string; expiresAt: number; maxBytes: number }): Promise<string>;
  /** Whether a local upload URL's signature is this server's for these values (its expiry is checked by the caller). */
  verifyUpload(upload: { fileId: string; expiresAt: number; maxBytes: number }, signature: string): boolean;
  /**
   * Local storage only: streams `body` to `key` (never whole in memory), at most `maxBytes`;
   * answers the bytes written, or null when the body was larger (nothing is kept then).
   */
  receive(key: string, body: Readable, maxBytes: number): Promise<number | null>;
  /** The stored bytes of `key` as a stream, from either store (null: no such object). */
  read(key: string): Promise<Readable | null>;
};

/** The local store's PUT of a signed upload (modules/files). */
export const API_UPLOAD_PATH = '/io/api/v1/file/upload';

const API_FILE_PATH = '/io/api/v1/file';

export function createStorage(config: Config): Storage {
  // One key signs both kinds of URL; the purpose is part of what is signed, so a download's
  // signature never opens an upload and the reverse.
  const signed = (what: string) => createHmac('sha256', config.jwtSecret).update(what).digest('base64url');
  const matches = (what: string, signature: string) => {
    const expected = Buffer.from(signed(what));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  const sign = (fileId: string) => signed(`file:${fileId}`);
  const verify = (fileId: string, signature: string) => matches(`file:${fileId}`, signature);
  const uploadSubject = (u: { fileId: string; expiresAt: number; maxBytes: number }) => `upload:${u.fileId}:${u.expiresAt}:${u.maxBytes}`;
  const verifyUpload: Storage['verifyUpload'] = (upload, signature) => matches(uploadSubject(upload), signature);
  const localUploadUrl: Storage['uploadUrl'] = async (upload) =>
    `${API_UPLOAD_PATH}/${upload.fileId}?expires=${upload.expiresAt}&max=${upload.maxBytes}&signature=${signed(uploadSubject(upload))}`;
  const apiUrl = async (fileId: string, _key: string, name: string) =>
    `${API_FILE_PATH}/${fileId}/${encodeURIComponent(name)}?signature=${sign(fileId)}`;

  if (config.s3) {
    const s3 = config.s3;
    // The AWS SDK is loaded on the first file operation, not at start-up (it takes most of a second).
    let sdk: Promise<S3Sdk> | undefined;
    const loadSdk = () => {
      sdk ??= connectS3(s3);
      return sdk;
    };
    return {
      kind: 's3',
      async put(key, body, contentType) {
        const { client, PutObjectCommand } = await loadSdk();
        await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body, ContentType: contentType }));
      },
      async putFile(key, filePath, contentType) {
        const { client, PutObjectCommand } = await loadSdk();
        const { size } = await stat(filePath);
        try {
          // A stream with its length: the SDK sends it without buffering the file.
          await client.send(
            new PutObjectCommand({
              Bucket: s3.bucket,
              Key: key,
              Body: createReadStream(filePath),
              ContentLength: size,
              ContentType: contentType,
            }),
          );
        } finally {
          await unlink(filePath).catch(() => {});
        }
      },
      publicUrl: apiUrl,
      async downloadUrl(key) {
        const { client, GetObjectCommand, getSignedUrl } = await loadSdk();
        return getSignedUrl(client, new GetObjectCommand({ Bucket: s3.bucket, Key: key }), { expiresIn: 3600 });
      },
      open: () => null,
      verify,
      async uploadUrl({ key, contentType, expiresAt }) {
        const { client, PutObjectCommand, getSignedUrl } = await loadSdk();
        const expiresIn = Math.max(1, expiresAt - Math.floor(Date.now() / 1000));
        return getSignedUrl(client, new PutObjectCommand({ Bucket: s3.bucket, Key: key, ContentType: contentType }), { expiresIn });
      },
      verifyUpload,
      receive: async () => null,
      async read(key) {
        const { client, GetObjectCommand } = await loadSdk();
        try {
          const answer = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
          return answer.Body instanceof Readable ? answer.Body : null;
        } catch (error) {
          if ((error as { name?: string }).name === 'NoSuchKey') return null;
          throw error;
        }
      },
    };
  }

  const root = path.join(config.dataDir, 'files');
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error('invalid storage key');
    return full;
  };
  return {
    kind: 'local',
    async put(key, body) {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, body);
    },
    async putFile(key, filePath) {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      try {
        await rename(filePath, full);
      } catch {
        // another file system (a temporary directory elsewhere): copy, then drop the original
        await copyFile(filePath, full);
        await unlink(filePath).catch(() => {});
      }
    },
    publicUrl: apiUrl,
    downloadUrl: async () => null,
    open(key) {
      const full = resolve(key);
      return existsSync(full) ? createReadStream(full) : null;
    },
    verify,
    uploadUrl: localUploadUrl,
    verifyUpload,
    async receive(key, body, maxBytes) {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      // Written beside its place and renamed when whole: a reader never sees half a file.
      const partial = `${full}.${randomUUID()}.part`;
      let written = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          written += chunk.length;
          done(written > maxBytes ? new UploadTooLarge() : null, chunk);
        },
      });
      try {
        await pipeline(body, limit, createWriteStream(partial));
      } catch (error) {
        await unlink(partial).catch(() => {});
        if (error instanceof UploadTooLarge) return null;
        throw error;
      }
      await rename(partial, full);
      return written;
    },
    async read(key) {
      const full = resolve(key);
      return existsSync(full) ? createReadStream(full) : null;
    },
  };
}

class UploadTooLarge extends Error {}

type S3Sdk = Awaited<ReturnType<typeof connectS3>>;

async function connectS3(s3: NonNullable<Config['s3']>) {
  const [{ GetObjectCommand, PutObjectCommand, S3Client }, { getSignedUrl }] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/s3-request-presigner'),
  ]);
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: Boolean(s3.endpoint),
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  return { client, GetObjectCommand, PutObjectCommand, getSignedUrl };
}
