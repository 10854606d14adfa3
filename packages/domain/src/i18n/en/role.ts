/** Role screens (spec 2.6 /role, 6); the API's messages live in resource (role.errors). */
export default {
  role: {
    predefinedHint: 'Predefined role: it can be viewed and granted, not changed.',
    permissionPicker: {
      search: 'Filter permissions',
      selectGroup: 'Select all',
      toggleGroup: 'Show or hide the {{group}} permissions',
      selectedOf: '{{selected}} of {{total}}',
      totalSelected_zero: 'No permission selected',
      totalSelected_one: '{{count}} permission selected',
      totalSelected_other: '{{count}} permissions selected',
      none: 'No permissions',
    },
    /** Permissions that do nothing without another (PERMISSION_DEPENDENCIES). */
    dependencies: {
      title: 'Some permissions do not work without others',
      item: '"{{permission}}" needs "{{missing}}"',
    },
  },
};
