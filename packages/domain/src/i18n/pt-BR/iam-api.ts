/** Messages the API answers for IAM (spec 7.2, 8.3) and the user declaration's labels. */
export default {
  iam: {
    errors: {
      userAlreadyExists: 'Usuário com este e-mail já existe',
      userNotFound: 'Usuário não encontrado',
      disablingHimself: 'Você não pode desativar a si mesmo',
      revokingOwnPermission: 'Você não pode revogar sua própria permissão de proprietário',
      roleNotGrantable: 'Você não pode conceder o perfil {{role}}: ele tem permissões que você não possui',
      userOutranksCaller: 'Você não pode alterar {{email}}: essa pessoa tem permissões que você não tem',
      roleNotFound: 'Perfil não encontrado',
      companyNotFound: 'Empresa não encontrada',
      removeNothingSelected: 'Escolha os perfis a remover ou remova todos',
      invitationNotPending: 'Este usuário já criou a senha: não há convite pendente',
    },
  },
  entities: {
    user: {
      label: 'Usuário',
      labelPlural: 'Usuários',
      fields: {
        id: 'ID',
        email: 'E-mail',
        emails: 'E-mails',
        password: 'Senha',
        oldPassword: 'Senha antiga',
        newPassword: 'Nova senha',
        token: 'Token',
        method: 'Método',
        firstName: 'Nome',
        lastName: 'Sobrenome',
        fullName: 'Nome completo',
        phoneNumber: 'Telefone',
        avatars: 'Foto',
        roles: 'Perfis',
        role: 'Perfil',
        allowedCompanies: 'Empresas permitidas',
        disabled: 'Desativado',
        status: 'Status',
        emailVerified: 'E-mail verificado',
        ids: 'Usuários',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      enumerators: {
        status: {
          enabled: 'Ativo',
          disabled: 'Desativado',
          invited: 'Convite pendente',
        },
      },
    },
  },
};
