/** Mail and SMS the API sends (verification, password reset, invitation). */
export default {
  mail: {
    appName: 'Ebox Console',
    greeting: 'Olá,',
    ignore: 'Se você não pediu isto, pode ignorar esta mensagem.',
    linkFallback: 'Se o botão não funcionar, copie este endereço no seu navegador:',
    emailVerification: {
      subject: 'Verifique seu e-mail no {{appName}}',
      body: 'Acesse este link para verificar o endereço de e-mail {{email}}. O link expira em {{hours}} horas.',
      action: 'Verificar e-mail',
    },
    passwordReset: {
      subject: 'Redefina sua senha no {{appName}}',
      body: 'Acesse este link para redefinir a senha do {{appName}} da conta {{email}}. O link expira em {{hours}} horas.',
      action: 'Redefinir senha',
    },
    invitation: {
      subject: 'Você foi convidado para o {{appName}}',
      body: '{{inviter}} convidou você para o {{appName}}. Acesse este link para definir sua senha e entrar. O link expira em {{hours}} horas.',
      action: 'Definir minha senha',
    },
    webhookDisabled: {
      subject: 'Um webhook de {{company}} foi desligado',
      body: 'O webhook para {{url}} foi desligado: {{reason}}. As entregas pendentes foram abandonadas. Corrija o receptor, ligue o webhook de novo e reenvie as entregas com falha pela página dele.',
      action: 'Abrir o webhook',
      reasons: {
        gone: 'o receptor respondeu 410 Gone',
        failing: 'todas as entregas falharam por {{days}} dias',
      },
    },
    sms: {
      passwordReset: '{{appName}}: redefina sua senha em {{link}} (expira em {{hours}} horas)',
    },
  },
};
