import auth from './auth';
import common from './common';
import errors from './errors';
import validation from './validation';

/**
 * The areas the public screens speak (sign-in, sign-up, forgot and reset password, the error pages):
 * the browser builds a small dictionary of these for a visitor without a session and loads the whole
 * index with the signed-in console (apps/web/vite.config.ts, src/app/i18n.ts).
 */
export const publicAreas = [errors, validation, common, auth];
