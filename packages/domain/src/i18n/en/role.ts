/** Role screens (spec 2.6 /role, 6); the API's messages live in resource (role.errors). */
export default {
  role: {
    predefined: 'Predefined',
    predefinedHint: 'Predefined role: its name cannot be changed.',
    permissionPicker: {
      search: 'Filter permissions',
      selectGroup: 'Select all',
      selectedOf: '{{selected}} of {{total}}',
      totalSelected: '{{count}} permission(s) selected',
      none: 'No permissions',
    },
  },
};
