/** Credenciamento do terminal de um armário: POST /ebox/createToken, POST /ebox/disenrol/{id} e o diálogo da página do armário. */
export default {
  enrolment: {
    errors: {
      linkOff: 'A ligação com os terminais está desligada neste console: não é possível credenciar armários',
      terminalIdNotUuid: 'O ID do terminal “{{terminalId}}” deste armário não é um UUID: apague-o (um novo será criado) ou informe um UUID',
    },
    tokenCreated: 'Token Gerado com Sucesso!',
    disenrolled: 'Armário descredenciado: o terminal não consegue mais se conectar',
    dialog: {
      open: 'Gerar token',
      title: 'Credenciar o terminal',
      intro:
        'Instale o terminal com este arquivo de configuração. O token pode ser usado uma vez, até expirar; gerar um novo substitui o que não foi usado.',
      generate: 'Gerar token',
      generateAgain: 'Gerar um novo token',
      token: 'Token',
      expiresAt: 'Expira em',
      terminalId: 'ID do terminal (UUID do armário)',
      mqttUrl: 'Broker',
      notEnrolled: 'Não credenciado',
      download: 'Baixar arquivo de configuração',
      close: 'Fechar',
    },
    disenrol: {
      button: 'Descredenciar',
      confirmTitle: 'Descredenciar este armário?',
      confirmText: 'O terminal é desconectado na hora e só volta com um novo token.',
      confirm: 'Descredenciar',
      cancel: 'Cancelar',
    },
  },
  // Os nomes das ações de credenciamento no registro de auditoria (modules/enrolment).
  auditLog: {
    actions: {
      createToken: 'Token de credenciamento gerado',
      enrol: 'Terminal credenciado',
      disenrol: 'Terminal descredenciado',
    },
  },
};
