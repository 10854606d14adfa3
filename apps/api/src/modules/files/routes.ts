import { hasNoNul, isPlainObject, MAX_FILE_SIZE } from '@ebox/domain';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOfRequest } from '../../platform/access';
import { anonymousContext } from '../../platform/context';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { findSignedFile, maxSizeOf, receiveSignedUpload, storeUpload, uploadTargetFor } from './service';

const uploadQuery = z.object({ entity: z.string().min(1).max(100), field: z.string().min(1).max(100) });
const fileRef = z.object({ id: z.string(), name: z.string(), sizeInBytes: z.number(), publicUrl: z.string() });
const fileParams = z.object({ id: z.uuid(), name: z.string() });
const signatureQuery = z.object({ signature: z.string().optional() });
const uploadParams = z.object({ id: z.uuid() });
const signedUploadQuery = z.object({
  expires: z.coerce.number().int().nonnegative(),
  max: z.coerce.number().int().positive(),
  signature: z.string().max(200).optional(),
});

/** Content types a browser may show in place; anything else is sent as a download. */
const INLINE = /^(image\/(jpeg|png|gif|webp)|application\/pdf|text\/plain)/;

/**
 * The one part named "file", read whole. The multipart parser fails on a body cut short or a
 * boundary the body does not use; that is the client's malformed request, so a 400.
 */
async function readFilePart(request: FastifyRequest, maxSize: number): Promise<{ name: string; bytes: Buffer }> {
  try {
    const part = await request.file({ limits: { fileSize: maxSize }, throwFileSizeLimit: false });
    if (part?.fieldname !== 'file') throw badRequest('errors.file.missing');
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw badRequest('validation.file.size', { max: maxSize });
    // The name is stored as text and sent back in headers: PostgreSQL cannot hold a NUL in it.
    if (!hasNoNul(part.filename)) throw badRequest('errors.file.malformed');
    return { name: part.filename, bytes };
  } catch (error) {
    if (error instanceof AppError || (isPlainObject(error) && error.statusCode === 413)) throw error;
    throw badRequest('errors.file.malformed');
  }
}

/**
 * Files (spec 5.2, 5.3): POST /file/upload stores one file for a declared files field and answers
 * its FileRef; GET /file/:id/:name serves it to whoever holds the signed URL.
 */
export async function registerFileRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    // A signed upload's body is the file itself, of any type, streamed to disk: no parser reads it
    // (and so no body limit of the parsers applies; the signed size limit does).
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.put(
      '/file/upload/:id',
      {
        config: { public: true },
        schema: {
          tags: ['file'],
          summary: "A signed upload's bytes (spec 7.4), for whoever holds the URL POST /upload/<entity> answered",
          params: uploadParams,
          querystring: signedUploadQuery,
          response: { 200: z.object({ id: z.string(), sizeInBytes: z.number() }) },
        },
      },
      async (request) => {
        const ctx = anonymousContext(app.deps, { language: request.language, log: request.log });
        const length = request.headers['content-length'];
        return receiveSignedUpload(
          ctx,
          {
            id: request.params.id,
            expiresAt: request.query.expires,
            maxBytes: request.query.max,
            signature: request.query.signature,
            declaredLength: length === undefined ? undefined : Number(length),
          },
          request.raw,
        );
      },
    );
  });

  await app.register(async (scope) => {
    // One file per request; the per-field size limit is applied when the file is read.
    await scope.register(multipart, { limits: { files: 1, fields: 10, parts: 11, fileSize: MAX_FILE_SIZE } });
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.post(
      '/file/upload',
      {
        schema: {
          tags: ['file'],
          summary: 'Upload one file (multipart field "file") for a declared files field',
          consumes: ['multipart/form-data'],
          querystring: uploadQuery,
          response: { 200: fileRef },
        },
      },
      async (request) => {
        const ctx = contextOfRequest(request);
        const target = uploadTargetFor(ctx, request.query.entity, request.query.field);
        if (!request.isMultipart()) throw badRequest('errors.file.missing');
        const { name, bytes } = await readFilePart(request, maxSizeOf(target.field));
        return storeUpload(ctx, target, { name, bytes });
      },
    );

    api.get(
      '/file/:id/:name',
      {
        config: { public: true },
        schema: {
          tags: ['file'],
          summary: 'A stored file, for whoever holds its signed URL',
          params: fileParams,
          querystring: signatureQuery,
        },
      },
      async (request, reply) => {
        const ctx = anonymousContext(app.deps, { language: request.language, log: request.log });
        const file = await findSignedFile(ctx, request.params.id, request.query.signature);
        const { storage } = app.deps;
        if (storage.kind === 's3') {
          const url = await storage.downloadUrl(file.storageKey);
          // S3 always signs a URL; only the local storage answers none (it serves the file below).
          if (!url) throw notFound();
          return reply.header('cache-control', 'no-store').redirect(url);
        }
        const stream = storage.open(file.storageKey);
        if (!stream) throw notFound();
        const contentType = file.mimeType ?? 'application/octet-stream';
        const disposition = INLINE.test(contentType) ? 'inline' : 'attachment';
        return reply
          .type(contentType)
          .header('content-length', String(file.sizeInBytes))
          .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`)
          .header('cache-control', 'private, max-age=86400')
          .send(stream);
      },
    );
  });
}
