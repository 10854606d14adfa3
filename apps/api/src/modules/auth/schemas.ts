import { emailSchema, enteredPasswordSchema, passwordSchema, profileSchema } from '@ebox/domain';

export { currentUserSchema } from '@ebox/domain';

import { z } from 'zod';
import { isCommonPassword } from '../../platform/auth/common-passwords';

/** Bodies and answers of spec 7.1 as docs/api-contract.md "Auth (7.1)" fixes them. */

const required = 'validation.mixed.required';

/**
 * A password being chosen: spec 5.2's rules, the length cap and none of the most common ones;
 * the list is asked only of a password that passed the rules, so one message says what to fix.
 */
const newPasswordSchema = passwordSchema.refine((value) => !isCommonPassword(value), {
  message: 'validation.password.common',
  when: (payload) => payload.issues.length === 0,
});

export const signUpBody = z.object({ email: emailSchema, password: newPasswordSchema });

export const signInBody = z.object({
  email: emailSchema,
  password: enteredPasswordSchema,
  rememberMe: z.boolean('validation.mixed.invalidType').optional(),
});

export const emailBody = z.object({ email: emailSchema });

export const passwordResetMethodSchema = z.enum(['email', 'sms'], 'validation.mixed.oneOf');

export const sendPasswordResetBody = z.object({ email: emailSchema, method: passwordResetMethodSchema.default('email') });

export const passwordResetBody = z.object({ token: z.string(required).min(1, required), password: newPasswordSchema });

export const verifyEmailBody = z.object({ token: z.string(required).min(1, required) });

export const profileBody = z.object({ profile: profileSchema });

export const changePasswordBody = z.object({ oldPassword: enteredPasswordSchema, newPassword: newPasswordSchema });

/** The JWT, answered as a JSON string. */
export const tokenAnswer = z.string().describe('JWT (HS256); send it as `Authorization: Bearer <token>`');

export const trueAnswer = z.literal(true);

const deliverySchema = z.enum(['sent', 'outbox']).describe('sent: leaves by SMTP or the SMS provider; outbox: an administrator reads it');

export const passwordResetMethodsAnswer = z.object({
  methods: z.array(passwordResetMethodSchema),
  delivery: z.object({ email: deliverySchema, sms: deliverySchema }),
});
