import { createHash } from 'node:crypto';
import { TERMINAL_UI_BUILD_MAX_BYTES } from '@ebox/domain';
import { scopeOfActor } from '../../platform/access';
import { authorize, authorizeAny, dbOf, principalOf, type ServiceContext, type TxContext } from '../../platform/context';
import type { Row } from '../../platform/entity-rules';
import { fieldError } from '../../platform/errors';
import { findStoredFile } from '../files/repository';
import { createSignedUpload, type SignedUpload } from '../files/service';
import { buildingCascader, type CascaderOption, terminalUiVersionCascader } from './cascader';
import { isFileRegistered } from './repository';

/**
 * Terminal software (issue 31): the upload of terminal UI builds through a signed URL (spec 7.4),
 * their registration with the build's SHA-256, and the cascaders of spec 7.4.
 */

/** POST /upload/terminalUiVersion: where the browser PUTs a new build (only who may register one may ask). */
export async function requestUiBuildUpload(ctx: ServiceContext, upload: { contentType: string; fileName: string }): Promise<SignedUpload> {
  authorize(ctx, 'terminalUiVersionCreate');
  return createSignedUpload(
    ctx,
    { entityName: 'terminalUiVersion', fieldName: 'file', maxBytes: TERMINAL_UI_BUILD_MAX_BYTES },
    { fileName: upload.fileName, contentType: upload.contentType },
  );
}

/**
 * The registration of a build (the terminalUiVersion policy's create): `file` and `keyS3` must name
 * a build this caller uploaded through POST /upload/terminalUiVersion whose bytes arrived, not yet
 * registered. The stored bytes are read once, streamed, for their SHA-256 and size, which the record
 * keeps. An update keeps its build: `file` and `keyS3` may only be sent back unchanged.
 */
export async function checkUiBuild(ctx: TxContext, change: { before: Row | null; data: Record<string, unknown> }): Promise<void> {
  const { before, data } = change;
  if (before) {
    for (const name of ['file', 'keyS3'] as const)
      if (name in data && data[name] !== before[name]) throw fieldError(name, 'entities.terminalUiVersion.errors.buildFixed');
    return;
  }
  const fileId = data.file;
  const key = data.keyS3;
  if (typeof fileId !== 'string' || !fileId) throw fieldError('file', 'validation.mixed.required');
  if (typeof key !== 'string' || !key) throw fieldError('keyS3', 'validation.mixed.required');
  const missing = () => fieldError('file', 'entities.terminalUiVersion.errors.uploadMissing');
  if (!/^[0-9a-f-]{36}$/i.test(fileId)) throw missing();
  const stored = await findStoredFile(ctx.tx, fileId);
  const uploader = principalOf(ctx.actor).userId;
  if (
    !stored ||
    stored.storageKey !== key ||
    stored.entityName !== 'terminalUiVersion' ||
    stored.fieldName !== 'file' ||
    stored.createdById !== uploader
  )
    throw missing();
  if (await isFileRegistered(ctx.tx, fileId)) throw missing();
  const digest = await digestOf(ctx, key);
  if (!digest || digest.size === 0) throw missing();
  if (digest.size > TERMINAL_UI_BUILD_MAX_BYTES)
    throw fieldError('file', 'entities.terminalUiVersion.errors.tooLarge', { max: TERMINAL_UI_BUILD_MAX_BYTES });
  data.sha256 = digest.sha256;
  data.sizeInBytes = digest.size;
  data.fileName = stored.name;
}

/**
 * An application version's file (the version policy's write): when `file` is given, the stored file
 * it names (an upload to version.file whose bytes arrived) is read once for its SHA-256 and size,
 * kept on the version so a release can send it (docs/releases.md). No file, or one the console did
 * not store (a link typed in, an import), clears them: such a version is kept but cannot be released.
 */
export async function digestVersionFile(ctx: TxContext, change: { before: Row | null; data: Record<string, unknown> }): Promise<void> {
  const { data } = change;
  if (!('file' in data)) return;
  const files = Array.isArray(data.file) ? (data.file as { id?: unknown }[]) : [];
  const fileId = files[0]?.id;
  const stored = typeof fileId === 'string' && /^[0-9a-f-]{36}$/i.test(fileId) ? await findStoredFile(ctx.tx, fileId) : null;
  const digest = stored?.entityName === 'version' && stored.fieldName === 'file' ? await digestOf(ctx, stored.storageKey) : null;
  data.sha256 = digest?.size ? digest.sha256 : null;
  data.sizeInBytes = digest?.size ? digest.size : null;
}

/** The SHA-256 (hex) and size of a stored object, read as a stream (a 100 MB build never sits in memory). */
async function digestOf(ctx: ServiceContext, key: string): Promise<{ sha256: string; size: number } | null> {
  const stream = await ctx.deps.storage.read(key);
  if (!stream) return null;
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    hash.update(bytes);
  }
  return { sha256: hash.digest('hex'), size };
}

const cascaderPermissions = {
  terminalUiVersion: ['terminalUiVersionRead', 'terminalUiVersionAutocomplete'],
  building: ['buildingRead', 'buildingAutocomplete'],
} as const;

/** GET /{terminalUiVersion|building}/cascader ?query&limit, within the caller's companies. */
export async function cascaderOf(
  ctx: ServiceContext,
  resource: keyof typeof cascaderPermissions,
  query: { text: string | undefined; limit: number },
): Promise<CascaderOption[]> {
  authorizeAny(ctx, cascaderPermissions[resource]);
  const read = resource === 'building' ? buildingCascader : terminalUiVersionCascader;
  return read(dbOf(ctx), { ...query, scope: scopeOfActor(ctx.actor) });
}
