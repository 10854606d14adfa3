import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuthenticated, requireUser } from '../../platform/access';
import {
  changePasswordBody,
  currentUserSchema,
  emailBody,
  passwordResetBody,
  passwordResetMethodsAnswer,
  profileBody,
  sendPasswordResetBody,
  signInBody,
  signUpBody,
  tokenAnswer,
  trueAnswer,
  verifyEmailBody,
} from './schemas';
import {
  type AuthContext,
  changePassword,
  getPasswordResetMethods,
  presentCurrentUser,
  resetPassword,
  sendPasswordReset,
  sendVerificationEmail,
  signIn,
  signOut,
  signUp,
  updateProfile,
  verifyEmail,
} from './service';
import { createAuthThrottle } from './throttle';

const tags = ['auth'];
/** Field labels of validation messages ("Email is required"). */
const config = { labelPrefix: 'entities.user.fields' };
/** Routes anyone may call (no session yet, or a link from a mail). */
const publicConfig = { ...config, public: true };

/** Spec 7.1. Handlers only translate HTTP to service calls; the rules live in ./service. */
export async function registerAuthRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const throttle = createAuthThrottle(app.deps.config.authThrottle);
  const contextOf = (request: FastifyRequest): AuthContext => ({ deps: app.deps, language: request.language, log: request.log });
  const emailInBody = (request: FastifyRequest) => (request.body as { email?: string } | undefined)?.email;
  // Fastify sends a string payload as is; the contract is a JSON string, so encode it here.
  const sendToken = (reply: FastifyReply, token: string) => reply.type('application/json; charset=utf-8').send(JSON.stringify(token));

  api.post(
    '/auth/sign-up',
    {
      config: publicConfig,
      schema: {
        tags,
        summary: 'Create an account (unverified, no roles) and send the verification mail',
        body: signUpBody,
        response: { 200: tokenAnswer },
      },
      preHandler: throttle.limit('signUp', emailInBody),
    },
    async (request, reply) => sendToken(reply, await signUp(contextOf(request), request.body)),
  );

  api.post(
    '/auth/sign-in',
    {
      config: publicConfig,
      schema: { tags, summary: 'Sign in with email and password', body: signInBody, response: { 200: tokenAnswer } },
      preHandler: throttle.signIn,
    },
    async (request, reply) => {
      const token = await signIn(contextOf(request), request.body);
      throttle.signedIn(request);
      return sendToken(reply, token);
    },
  );

  api.post(
    '/auth/sign-out',
    {
      schema: { tags, summary: 'End the session of this token (other sessions go on)', response: { 200: trueAnswer } },
      onRequest: requireAuthenticated,
    },
    async (request) => signOut(contextOf(request), request.sessionToken),
  );

  api.get(
    '/auth/me',
    { schema: { tags, summary: 'The signed-in user', response: { 200: currentUserSchema } }, onRequest: requireAuthenticated },
    async (request) => presentCurrentUser(app.deps.db, requireUser(request)),
  );

  api.get(
    '/auth/email-configured',
    {
      config: { public: true },
      schema: { tags, summary: 'Whether mail leaves through SMTP (false: it stays in the outbox)', response: { 200: z.boolean() } },
    },
    async () => app.deps.mailer.isConfigured,
  );

  api.post(
    '/auth/send-email-address-verification-email',
    {
      schema: { tags, summary: 'Send the verification mail again to the signed-in user', response: { 200: trueAnswer } },
      onRequest: requireAuthenticated,
      preHandler: throttle.limit('verificationEmail', (request) => request.currentUser?.email),
    },
    async (request) => sendVerificationEmail(contextOf(request), requireUser(request)),
  );

  api.post(
    '/auth/get-password-reset-method',
    {
      config: publicConfig,
      schema: {
        tags,
        summary: 'How a password can be reset for this email',
        body: emailBody,
        response: { 200: passwordResetMethodsAnswer },
      },
      preHandler: throttle.limit('passwordReset', emailInBody),
    },
    async () => getPasswordResetMethods(),
  );

  api.post(
    '/auth/send-password-reset-email',
    {
      config: publicConfig,
      schema: { tags, summary: 'Send a password reset link by email or SMS', body: sendPasswordResetBody, response: { 200: trueAnswer } },
      preHandler: throttle.limit('passwordReset', emailInBody),
    },
    async (request) => sendPasswordReset(contextOf(request), request.body),
  );

  api.put(
    '/auth/password-reset',
    {
      config: publicConfig,
      schema: {
        tags,
        summary: 'Set a new password from a reset link; signs the user in',
        body: passwordResetBody,
        response: { 200: tokenAnswer },
      },
      preHandler: throttle.limit('passwordReset', () => null),
    },
    async (request, reply) => sendToken(reply, await resetPassword(contextOf(request), request.body)),
  );

  api.put(
    '/auth/verify-email',
    {
      config: publicConfig,
      schema: {
        tags,
        summary: 'Verify the email address from the link sent by mail',
        body: verifyEmailBody,
        response: { 200: trueAnswer },
      },
    },
    async (request) => verifyEmail(contextOf(request), request.body.token),
  );

  api.put(
    '/auth/profile',
    {
      config,
      schema: { tags, summary: 'Update the signed-in user profile', body: profileBody, response: { 200: currentUserSchema } },
      onRequest: requireAuthenticated,
    },
    async (request) => updateProfile(contextOf(request), requireUser(request), request.body.profile),
  );

  api.put(
    '/auth/change-password',
    {
      config,
      schema: { tags, summary: 'Change the password; older tokens stop working', body: changePasswordBody, response: { 200: tokenAnswer } },
      onRequest: requireAuthenticated,
    },
    async (request, reply) => sendToken(reply, await changePassword(contextOf(request), requireUser(request), request.body)),
  );
}
