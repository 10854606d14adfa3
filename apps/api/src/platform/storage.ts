import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
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
};

const API_FILE_PATH = '/io/api/v1/file';

export function createStorage(config: Config): Storage {
  const sign = (fileId: string) => createHmac('sha256', config.jwtSecret).update(`file:${fileId}`).digest('base64url');
  const verify = (fileId: string, signature: string) => {
    const expected = Buffer.from(sign(fileId));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
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
  };
}

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
