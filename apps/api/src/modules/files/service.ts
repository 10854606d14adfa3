import { randomUUID } from 'node:crypto';
import { ENTITIES, type FileRef, type FilesField, MAX_FILE_SIZE, type Permission, permissionOf } from '@ebox/domain';
import { userEntity } from '@ebox/domain/entities/user';
import { can, dbOf, principalOf, type ServiceContext } from '../../platform/context';
import { badRequest, forbidden, notFound, unauthorized } from '../../platform/errors';
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
import { findStoredFile, insertStoredFile, type StoredFile } from './repository';

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
