import { emailListSchema, plainTextSchema } from '@ebox/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema } from '../../kit/list-query';
import { autocompleteQuery, dataBody, exportQuery, importBody } from '../../kit/request-schemas';
import { contextOfRequest, requireAuthenticated } from '../../platform/access';
import {
  autocompleteUsersOf,
  editUser,
  exportUsers,
  findUser,
  importUser,
  inviteUsers,
  listRolesWithUsersOf,
  listUsersOf,
  removeRoles,
  resendInvitation,
  resendInvitations,
  setUsersDisabled,
} from './service';

/**
 * Spec 7.2 as docs/api-contract.md "IAM (7.2)" fixes it. Handlers build the caller's context and
 * call the service, which checks the permission and every rule itself.
 */

const tags = ['iam'];
const config = { labelPrefix: 'entities.user.fields' };

const idParams = z.object({ id: z.uuid('validation.mixed.invalid') });
const roleTreeQuery = z.object({
  filter: z.object({ role: plainTextSchema.max(255).optional() }).optional(),
  orderBy: plainTextSchema.max(60).optional(),
  // The console sends a page it does not use (spec 7.2: no paging on this list).
  limit: z.coerce.number().int().min(0).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
const statusBody = z.object({
  ids: z.array(z.uuid('validation.mixed.invalid'), 'validation.mixed.required').min(1, 'validation.mixed.required'),
  disabled: z.boolean('validation.mixed.required'),
});
const toBoolean = (value: unknown) => (value === 'true' ? true : value === 'false' ? false : value);
const removeRolesQuery = z.object({
  emails: emailListSchema,
  roles: z
    .union([z.array(z.uuid('validation.mixed.invalid')), z.uuid('validation.mixed.invalid')])
    .optional()
    .transform((roles) => (roles === undefined ? [] : Array.isArray(roles) ? roles : [roles])),
  all: z.preprocess(toBoolean, z.boolean('validation.mixed.invalidType').optional()),
});

export async function registerIamRoutes(app: FastifyInstance): Promise<void> {
  registerIamListRoutes(app);
  registerIamUserRoutes(app);
}

/** The lists: users (paged, exported, autocompleted) and roles with their users. */
function registerIamListRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/iam/user',
    {
      schema: { tags, summary: 'Users, filtered, sorted and paged', querystring: listQuerySchema },
      onRequest: requireAuthenticated,
    },
    async (request) => listUsersOf(contextOfRequest(request), request.query),
  );

  api.get(
    '/iam/user/export',
    {
      schema: { tags, summary: 'Users as an .xlsx file (sheet "data")', querystring: exportQuery },
      onRequest: requireAuthenticated,
    },
    async (request, reply) => exportUsers(contextOfRequest(request), request.query, reply),
  );

  api.get(
    '/iam/user/autocomplete',
    {
      schema: { tags, summary: 'Users as {id, label} for relation fields', querystring: autocompleteQuery },
      onRequest: requireAuthenticated,
    },
    async (request) => autocompleteUsersOf(contextOfRequest(request), request.query.query, request.query.limit ?? 10),
  );

  api.get(
    '/iam/role',
    {
      schema: { tags, summary: 'Roles, each with the users holding it', querystring: roleTreeQuery },
      onRequest: requireAuthenticated,
    },
    async (request) => listRolesWithUsersOf(contextOfRequest(request), request.query),
  );
}

/** One user or a selection: status, import, invitations, roles. */
function registerIamUserRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put(
    '/iam/status',
    {
      config,
      schema: { tags, summary: 'Enable or disable users', body: statusBody, response: { 200: z.literal(true) } },
      onRequest: requireAuthenticated,
    },
    async (request) => setUsersDisabled(contextOfRequest(request), request.body.ids, request.body.disabled),
  );

  api.post(
    '/iam/import',
    { config, schema: { tags, summary: 'Import one user row', body: importBody }, onRequest: requireAuthenticated },
    async (request) => importUser(contextOfRequest(request), request.body.data, request.body.importHash),
  );

  api.post(
    '/iam/resend-invitation',
    {
      config,
      schema: {
        tags,
        summary: 'Send the selected users whose invitation is pending a fresh one; the others are skipped',
        body: z.object({ ids: statusBody.shape.ids }),
        response: { 200: z.object({ sent: z.number().int(), skipped: z.number().int() }) },
      },
      onRequest: requireAuthenticated,
    },
    async (request) => resendInvitations(contextOfRequest(request), request.body.ids),
  );

  api.post(
    '/iam/:id/resend-invitation',
    {
      schema: {
        tags,
        summary: 'Send a user who has not set a password a fresh invitation',
        params: idParams,
        response: { 200: z.literal(true) },
      },
      onRequest: requireAuthenticated,
    },
    async (request) => resendInvitation(contextOfRequest(request), request.params.id),
  );

  api.get(
    '/iam/:id',
    {
      schema: { tags, summary: 'One user with the companies it is limited to', params: idParams },
      onRequest: requireAuthenticated,
    },
    async (request) => findUser(contextOfRequest(request), request.params.id),
  );

  api.post(
    '/iam',
    {
      config,
      schema: { tags, summary: 'Invite users by email with roles', body: dataBody, response: { 200: z.literal(true) } },
      onRequest: requireAuthenticated,
    },
    async (request) => inviteUsers(contextOfRequest(request), request.body.data),
  );

  api.put('/iam', { config, schema: { tags, summary: 'Edit a user', body: dataBody }, onRequest: requireAuthenticated }, async (request) =>
    editUser(contextOfRequest(request), request.body.data),
  );

  api.delete(
    '/iam',
    {
      config,
      schema: {
        tags,
        summary: 'Remove roles (or all of them) from users',
        querystring: removeRolesQuery,
        response: { 200: z.literal(true) },
      },
      onRequest: requireAuthenticated,
    },
    async (request) =>
      removeRoles(contextOfRequest(request), { emails: request.query.emails, roles: request.query.roles, all: request.query.all ?? false }),
  );
}
