import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ENTITIES, type FileRef, type FilesField, MAX_FILE_SIZE, type Permission, permissionOf } from '@ebox/domain';
import { userEntity } from '@ebox/domain/entities/user';
import { can, dbOf, principalOf, type ServiceContext } from '../../platform/context';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import {
  cleanFileName,
  contentMatchesFormat,
  extensionOf,
  extensionsOfImage,
  mimeTypeOf,
  sniffImage,
  UPLOAD_IMAGE_FORMATS,
} from './file-kinds';
import { findStoredFile, insertStoredFile, markStoredFileReceived, type StoredFile } from './repository';

/** A file just stored: it always has its id and size. */
export type UploadedFile = FileRef & { id: string; sizeInBytes: number };

/** Where an upload goes: a declared files field, and who may send to it. */
export type UploadTarget = {
  entityName: string;
  fieldName: string;
  field: FilesField;
  /** Any of these lets the caller upload; null means any signed-in person (their own avatar). */
  permissions: Permission[] | null;
};

/**
 * The declared field an upload is for. The user's avatar is the one target outside ENTITIES: any
 * signed-in user sets their own on the profile page.
 */
export function resolveUploadTarget(entityName: string, fieldName: string): UploadTarget {
  if (entityName === 'user' && fieldName === 'avatars') {
    return { entityName, fieldName, field: userEntity.fields.avatars, permissions: null };
  }
  const entity = Object.hasOwn(ENTITIES, entityName) ? ENTITIES[entityName] : undefined;
  const field = entity && Object.hasOwn(entity.fields, fieldName) ? entity.fields[fieldName] : undefined;
  if (!entity || !field || field.type !== 'files' || field.readOnly) {
    throw badRequest('errors.file.unknownTarget', { entity: entityName, field: fieldName });
  }
  return {
    entityName,
    fieldName,
    field,
    permissions: [permissionOf(entity, 'Create'), permissionOf(entity, 'Edit'), 'uploadFiles'],
  };
}

/**
 * The upload target for `entity`/`field`, once the actor may send to it: any signed-in person their
 * own avatar, otherwise holders of the entity's Create or Edit permission or `uploadFiles`. Checked
 * before the file is read.
 */
export function uploadTargetFor(ctx: ServiceContext, entityName: string, fieldName: string): UploadTarget {
  if (ctx.actor.kind === 'anonymous') throw unauthorized();
  const target = resolveUploadTarget(entityName, fieldName);
  if (!target.permissions) {
    if (ctx.actor.kind !== 'user') throw forbidden();
    return target;
  }
  if (!target.permissions.some((permission) => can(ctx, permission))) throw forbidden();
  return target;
}

export function maxSizeOf(field: FilesField): number {
  return Math.min(field.maxSize ?? MAX_FILE_SIZE, MAX_FILE_SIZE);
}

/**
 * Spec 5.2 file upload rules on the content itself: an image where images are expected (by its
 * magic bytes), one of the allowed formats (by extension and, where we can tell, by content).
 * Answers the content type the file is served with.
 */
export function checkFileContent(field: FilesField, name: string, bytes: Buffer): string {
  if (bytes.length === 0) throw badRequest('errors.file.empty');
  const extension = extensionOf(name);
  if (field.image) {
    const formats = field.formats ?? UPLOAD_IMAGE_FORMATS;
    const kind = sniffImage(bytes);
    if (!kind) throw badRequest('validation.file.image');
    if (!formats.includes(extension) || !extensionsOfImage(kind).some((e) => formats.includes(e))) {
      throw badRequest('validation.file.formats', { formats: formats.join(', ') });
    }
    return mimeTypeOf(extension, kind);
  }
  if (field.formats && !field.formats.includes(extension))
    throw badRequest('validation.file.formats', { formats: field.formats.join(', ') });
  if (!contentMatchesFormat(bytes, extension))
    throw badRequest('validation.file.formats', { formats: (field.formats ?? [extension]).join(', ') });
  // Only formats we recognise get a content type a browser renders; anything else downloads.
  return mimeTypeOf(extension, null);
}

export async function fileRefOf(storage: Storage, file: StoredFile): Promise<UploadedFile> {
  return {
    id: file.id,
    name: file.name,
    sizeInBytes: file.sizeInBytes,
    publicUrl: await storage.publicUrl(file.id, file.storageKey, file.name),
  };
}

export async function storeUpload(
  ctx: ServiceContext,
  target: UploadTarget,
  upload: { name: string | undefined; bytes: Buffer },
): Promise<UploadedFile> {
  uploadTargetFor(ctx, target.entityName, target.fieldName);
  const { storage } = ctx.deps;
  const name = cleanFileName(upload.name);
  const mimeType = checkFileContent(target.field, name, upload.bytes);
  const id = randomUUID();
  const storageKey = `${target.entityName}/${target.fieldName}/${id}`;
  await storage.put(storageKey, upload.bytes, mimeType);
  const row = await insertStoredFile(dbOf(ctx), {
    id,
    name,
    sizeInBytes: upload.bytes.length,
    mimeType,
    storageKey,
    entityName: target.entityName,
    fieldName: target.fieldName,
    createdById: principalOf(ctx.actor).userId,
  });
  return fileRefOf(storage, row);
}

/**
 * The stored file a signed URL points at, for anyone holding the URL (the signature is the right);
 * a wrong signature is refused before the database is asked.
 */
export async function findSignedFile(ctx: ServiceContext, id: string, signature: string | undefined): Promise<StoredFile> {
  if (!signature || !ctx.deps.storage.verify(id, signature)) throw forbidden();
  const file = await findStoredFile(dbOf(ctx), id);
  if (!file) throw notFound();
  return file;
}

/** How long a signed upload URL is valid: long enough to start a 100 MB build over a slow line. */
export const SIGNED_UPLOAD_SECONDS = 15 * 60;

/** Spec 7.4's answer to POST /upload/<entity>: where to PUT the bytes, the storage key and the file's id. */
export type SignedUpload = { SignedUrl: string; Key: string; File: { id: string } };

/**
 * A file the browser uploads itself (spec 7.4): a stored_file row (size 0 until its bytes arrive)
 * and a URL signed for that file alone, valid SIGNED_UPLOAD_SECONDS and taking at most `maxBytes`.
 * The caller has checked who may upload; the record that later names the file checks it exists.
 */
export async function createSignedUpload(
  ctx: ServiceContext,
  target: { entityName: string; fieldName: string; maxBytes: number },
  upload: { fileName: string | undefined; contentType: string },
): Promise<SignedUpload> {
  const { storage } = ctx.deps;
  const id = randomUUID();
  const name = cleanFileName(upload.fileName);
  const storageKey = `${target.entityName}/${target.fieldName}/${id}`;
  await insertStoredFile(dbOf(ctx), {
    id,
    name,
    sizeInBytes: 0,
    mimeType: upload.contentType,
    storageKey,
    entityName: target.entityName,
    fieldName: target.fieldName,
    createdById: principalOf(ctx.actor).userId,
  });
  const expiresAt = Math.floor(Date.now() / 1000) + SIGNED_UPLOAD_SECONDS;
  const SignedUrl = await storage.uploadUrl({
    fileId: id,
    key: storageKey,
    contentType: upload.contentType,
    expiresAt,
    maxBytes: target.maxBytes,
  });
  return { SignedUrl, Key: storageKey, File: { id } };
}

/**
 * The local store's side of a signed upload (PUT /file/upload/:id): the signature must be this
 * server's for the file, the expiry and the size limit, and the expiry not past (403 otherwise, before
 * the database is asked); a body past the limit is refused (413) and nothing kept; a file receives its
 * bytes once (409 after), so what a record registered cannot be replaced through its old URL.
 */
export async function receiveSignedUpload(
  ctx: ServiceContext,
  upload: { id: string; expiresAt: number; maxBytes: number; signature: string | undefined; declaredLength: number | undefined },
  body: Readable,
): Promise<{ id: string; sizeInBytes: number }> {
  const { storage } = ctx.deps;
  const { id, expiresAt, maxBytes, signature } = upload;
  if (!signature || !storage.verifyUpload({ fileId: id, expiresAt, maxBytes }, signature)) throw forbidden('errors.file.signature');
  if (expiresAt < Math.floor(Date.now() / 1000)) throw forbidden('errors.file.signature');
  if (storage.kind !== 'local') throw notFound();
  if (upload.declaredLength !== undefined && upload.declaredLength > maxBytes) throw tooLarge(maxBytes);
  const file = await findStoredFile(dbOf(ctx), id);
  if (!file) throw notFound();
  if (file.sizeInBytes > 0) throw conflict('errors.file.alreadyUploaded');
  const written = await storage.receive(file.storageKey, body, maxBytes);
  if (written === null) throw tooLarge(maxBytes);
  if (written === 0) throw badRequest('errors.file.empty');
  // Only the first whole upload counts: a second PUT racing this one is refused here.
  const marked = await markStoredFileReceived(dbOf(ctx), id, written);
  if (!marked) throw conflict('errors.file.alreadyUploaded');
  return { id, sizeInBytes: written };
}

const tooLarge = (max: number) => new AppError('tooLarge', 'errors.file.tooLarge', { max });
