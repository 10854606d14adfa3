/** Messages the API answers for auth (spec 7.1, 8.3) and settings; the web owns the auth.* UI keys. */
import settingsWords from './settings';

export default {
  auth: {
    errors: {
      userAlreadyExists: 'Usuário com este e-mail já existe',
      invalidCredentials: 'Desculpe, não reconhecemos suas credenciais',
      userDisabled: 'Sua conta está desativada',
      emailNotRecognized: 'E-mail não reconhecido',
      wrongPassword: 'Senha incorreta',
      invalidPasswordResetToken: 'O link de redefinição de senha é inválido ou expirou',
      invalidVerificationToken: 'O link de verificação de e-mail é inválido ou expirou',
      emailAlreadyVerified: 'Seu e-mail já está verificado',
    },
  },
  settings: {
    errors: {
      notFound: 'Configurações não encontradas',
    },
  },
  auditLog: {
    // Actions of the audit log written by auth and IAM, beside create/update/delete/import.
    actions: {
      emailVerificationRequest: 'Verificação de e-mail pedida',
      passwordResetRequest: 'Redefinição de senha pedida',
      passwordReset: 'Senha redefinida',
      passwordChange: 'Senha alterada',
      rolesRemove: 'Perfis removidos',
      invitationResend: 'Convite reenviado',
    },
  },
  entities: {
    settings: {
      fields: {
        theme: 'Tema',
      },
      // A refused theme is named as the settings screen names it, from the same words.
      enumerators: { theme: settingsWords.settings.themes },
    },
  },
};
