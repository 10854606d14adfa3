/** Role screens (spec 2.6 /role, 6); the API's messages live in resource (role.errors). */
export default {
  role: {
    predefinedHint: 'Perfil predefinido: pode ser consultado e concedido, mas não alterado.',
    permissionPicker: {
      search: 'Filtrar permissões',
      selectGroup: 'Selecionar todas',
      toggleGroup: 'Mostrar ou esconder as permissões de {{group}}',
      selectedOf: '{{selected}} de {{total}}',
      totalSelected_zero: 'Nenhuma permissão selecionada',
      totalSelected_one: '{{count}} permissão selecionada',
      totalSelected_other: '{{count}} permissões selecionadas',
      none: 'Nenhuma permissão',
    },
    /** Permissions that do nothing without another (PERMISSION_DEPENDENCIES). */
    dependencies: {
      title: 'Algumas permissões não funcionam sem outras',
      item: '"{{permission}}" precisa de "{{missing}}"',
    },
  },
};
