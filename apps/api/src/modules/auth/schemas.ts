import { emailSchema, passwordSchema, profileSchema } from '@ebox/domain';

export { currentUserSchema } from '@ebox/domain';

import { z } from 'zod';

/** Bodies and answers of spec 7.1 as docs/architecture.md "Auth (7.1)" fixes them. */

const required = 'validation.mixed.required';

export const signUpBody = z.object({ email: emailSchema, password: passwordSchema });

// Sign-in does not apply the password rules: an account may predate them.
export const signInBody = z.object({
  email: emailSchema,
  password: z.string(required).min(1, required),
  rememberMe: z.boolean('validation.mixed.invalidType').optional(),
});

export const emailBody = z.object({ email: emailSchema });

export const passwordResetMethodSchema = z.enum(['email', 'sms'], 'validation.mixed.oneOf');

export const sendPasswordResetBody = z.object({ email: emailSchema, method: passwordResetMethodSchema.default('email') });

export const passwordResetBody = z.object({ token: z.string(required).min(1, required), password: passwordSchema });

export const verifyEmailBody = z.object({ token: z.string(required).min(1, required) });

export const profileBody = z.object({ profile: profileSchema });

export const changePasswordBody = z.object({ oldPassword: z.string(required).min(1, required), newPassword: passwordSchema });

/** The JWT, answered as a JSON string. */
export const tokenAnswer = z.string().describe('JWT (HS256); send it as `Authorization: Bearer <token>`');

export const trueAnswer = z.literal(true);

export const passwordResetMethodsAnswer = z.object({ methods: z.array(passwordResetMethodSchema) });
