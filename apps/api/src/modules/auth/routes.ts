import { isPlainObject } from '@ebox/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOfRequest, requireAuthenticated } from '../../platform/access';
import { anonymousContext } from '../../platform/context';
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
import { type AuthThrottle, createAuthThrottle } from './throttle';

const tags = ['auth'];
/** Field labels of validation messages ("Email is required"). */
const config = { labelPrefix: 'entities.user.fields' };
/** The calls anyone may make, signed in or not. */
const publicConfig = { ...config, public: true };

/** Spec 7.1. Handlers only translate HTTP to service calls; the rules live in ./service. */
export async function registerAuthRoutes(app: FastifyInstance): Promise<void> {
  const throttle = createAuthThrottle(app.deps.config.authThrottle);
  registerSessionRoutes(app, throttle);
  registerEmailRoutes(app, throttle);
  registerPasswordResetRoutes(app, throttle);
  registerProfileRoutes(app);
}

const anonymousOf = (request: FastifyRequest) => anonymousContext(request.server.deps, { language: request.language, log: request.log });
/** The body's email, for the throttle (which runs after the body was validated). */
const emailInBody = (request: FastifyRequest) => {
  const body = request.body;
  return isPlainObject(body) && typeof body.email === 'string' ? body.email : undefined;
};
// Fastify sends a string payload as is; the contract is a JSON string, so encode it here.
const sendToken = (reply: FastifyReply, token: string) => reply.type('application/json; charset=utf-8').send(JSON.stringify(token));

/** Signing up, in and out, and who is signed in. */
function registerSessionRoutes(app: FastifyInstance, throttle: AuthThrottle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

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
    async (request, reply) => sendToken(reply, await signUp(anonymousOf(request), request.body)),
  );

  api.post(
    '/auth/sign-in',
    {
      config: publicConfig,
      schema: { tags, summary: 'Sign in with email and password', body: signInBody, response: { 200: tokenAnswer } },
      preHandler: throttle.signIn,
    },
    async (request, reply) => {
      const token = await signIn(anonymousOf(request), request.body);
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
    async (request) => signOut(contextOfRequest(request), request.sessionToken),
  );

  api.get(
    '/auth/me',
    { schema: { tags, summary: 'The signed-in user', response: { 200: currentUserSchema } }, onRequest: requireAuthenticated },
    async (request) => presentCurrentUser(contextOfRequest(request)),
  );
}

/** Whether mail goes out, and the address verification mail. */
function registerEmailRoutes(app: FastifyInstance, throttle: AuthThrottle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/auth/email-configured',
    {
      config: publicConfig,
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
    async (request) => sendVerificationEmail(contextOfRequest(request)),
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
    async (request) => verifyEmail(anonymousOf(request), request.body.token),
  );
}

/** A forgotten password: how it can be reset, the link, and the new password. */
function registerPasswordResetRoutes(app: FastifyInstance, throttle: AuthThrottle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

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
    async (request) => getPasswordResetMethods(anonymousOf(request)),
  );

  api.post(
    '/auth/send-password-reset-email',
    {
      config: publicConfig,
      schema: { tags, summary: 'Send a password reset link by email or SMS', body: sendPasswordResetBody, response: { 200: trueAnswer } },
      preHandler: throttle.limit('passwordReset', emailInBody),
    },
    async (request) => sendPasswordReset(anonymousOf(request), request.body),
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
    async (request, reply) => sendToken(reply, await resetPassword(anonymousOf(request), request.body)),
  );
}

/** The signed-in user's own profile and password. */
function registerProfileRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put(
    '/auth/profile',
    {
      config,
      schema: { tags, summary: 'Update the signed-in user profile', body: profileBody, response: { 200: currentUserSchema } },
      onRequest: requireAuthenticated,
    },
    async (request) => updateProfile(contextOfRequest(request), request.body.profile),
  );

  api.put(
    '/auth/change-password',
    {
      config,
      schema: { tags, summary: 'Change the password; older tokens stop working', body: changePasswordBody, response: { 200: tokenAnswer } },
      onRequest: requireAuthenticated,
    },
    async (request, reply) => sendToken(reply, await changePassword(contextOfRequest(request), request.body)),
  );
}
