/** Messages the API answers for auth (spec 7.1, 8.3) and settings; the web owns the auth.* UI keys. */
import settingsWords from './settings';

export default {
  auth: {
    errors: {
      userAlreadyExists: 'User with this email already exists',
      invalidCredentials: "Sorry, we don't recognize your credentials",
      userDisabled: 'Your account is disabled',
      emailNotRecognized: 'Email not recognized',
      wrongPassword: 'Wrong password',
      invalidPasswordResetToken: 'Password reset link is invalid or has expired',
      invalidVerificationToken: 'Email verification link is invalid or has expired',
      emailAlreadyVerified: 'Your email is already verified',
    },
  },
  settings: {
    errors: {
      notFound: 'Settings not found',
    },
  },
  auditLog: {
    // Actions of the audit log written by auth and IAM, beside create/update/delete/import.
    actions: {
      emailVerificationRequest: 'Email verification requested',
      passwordResetRequest: 'Password reset requested',
      passwordReset: 'Password reset',
      passwordChange: 'Password changed',
      rolesRemove: 'Roles removed',
      invitationResend: 'Invitation sent again',
    },
  },
  entities: {
    settings: {
      fields: {
        theme: 'Theme',
      },
      // A refused theme is named as the settings screen names it, from the same words.
      enumerators: { theme: settingsWords.settings.themes },
    },
  },
};
