/** IAM screens (spec 2.6 /iam, 7.2, 8.3); the API's messages live in iam-api. */
export default {
  iam: {
    list: {
      title: 'Usuários',
      byUser: 'Usuários',
      byRole: 'Usuários por perfil',
      usersOfRole_zero: 'nenhum usuário',
      usersOfRole_one: '{{count}} usuário',
      usersOfRole_other: '{{count}} usuários',
    },
    actions: {
      invite: 'Convidar usuários',
      enable: 'Ativar acesso',
      disable: 'Desativar acesso',
      removeRoles: 'Remover perfis',
    },
    enable: {
      title: 'Habilitar usuários',
      confirm: 'Habilitar {{count}} usuário(s) selecionado(s)? Eles voltarão a poder entrar no console.',
      success: 'Usuários habilitados com sucesso',
    },
    disable: {
      title: 'Desabilitar usuários',
      confirm: 'Desabilitar {{count}} usuário(s) selecionado(s)? Eles não poderão mais entrar no console.',
      success: 'Usuários desabilitados com sucesso',
    },
    removeRoles: {
      title: 'Remover perfis',
      intro: 'Escolha os perfis a remover de {{count}} usuário(s) selecionado(s).',
      all: 'Remover todos os perfis destes usuários',
      roles: 'Perfis a remover',
      success: 'Perfis removidos com sucesso',
    },
    removeFromRole: {
      confirm: 'Remover o perfil "{{role}}" de {{count}} usuário(s) selecionado(s)?',
    },
    new: {
      title: 'Convidar usuários',
      emailsHint: 'Um ou mais e-mails separados por vírgula. Quem ainda não tem conta recebe um convite para criar a senha.',
      success: 'Usuários convidados com sucesso',
    },
    edit: {
      title: 'Editar usuário',
      success: 'Usuário atualizado com sucesso',
    },
    view: {
      title: 'Usuário',
    },
    importer: {
      hint: 'Perfis: informe o nome ou o id de cada perfil, separados por vírgula.',
    },
    access: {
      disable: 'Desativar acesso',
      enable: 'Ativar acesso',
      disableTitle: 'Desativar o acesso de {{name}}?',
      disableConfirm:
        '{{name}} não poderá mais entrar no console e as sessões abertas terminam agora. Você pode ativar o acesso de novo depois.',
      disabledNow: 'Acesso de {{name}} desativado',
      enabledNow: 'Acesso de {{name}} ativado',
    },
    invitation: {
      resentMany_zero: 'Nenhum convite reenviado.',
      resentMany_one: 'Convite reenviado para 1 usuário.',
      resentMany_other: 'Convite reenviado para {{count}} usuários.',
      skipped_one: '1 usuário ignorado: sem convite pendente, ou convite enviado há menos de um minuto.',
      skipped_other: '{{count}} usuários ignorados: sem convite pendente, ou convite enviado há menos de um minuto.',
      noneSelected: 'Selecione usuários com convite pendente',
      resend: 'Reenviar convite',
      resent: 'Convite reenviado para {{email}}',
      pendingHint: 'Este usuário ainda não criou a senha.',
    },
  },
};
