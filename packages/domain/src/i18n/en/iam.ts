/** IAM screens (spec 2.6 /iam, 7.2, 8.3); the API's messages live in iam-api. */
export default {
  iam: {
    list: {
      title: 'Users',
      byUser: 'Users',
      byRole: 'Users by role',
      usersOfRole_zero: 'no users',
      usersOfRole_one: '{{count}} user',
      usersOfRole_other: '{{count}} users',
    },
    actions: {
      invite: 'Invite users',
      enable: 'Enable access',
      disable: 'Disable access',
      removeRoles: 'Remove roles',
    },
    enable: {
      title: 'Enable users',
      confirm: 'Enable {{count}} selected user(s)? They will be able to sign in again.',
      success: 'Users enabled successfully',
    },
    disable: {
      title: 'Disable users',
      confirm: 'Disable {{count}} selected user(s)? They will no longer be able to sign in.',
      success: 'Users disabled successfully',
    },
    removeRoles: {
      title: 'Remove roles',
      intro: 'Choose the roles to remove from {{count}} selected user(s).',
      all: 'Remove all roles of these users',
      roles: 'Roles to remove',
      success: 'Roles removed successfully',
    },
    removeFromRole: {
      confirm: 'Remove the role "{{role}}" from {{count}} selected user(s)?',
    },
    new: {
      title: 'Invite users',
      emailsHint: 'One or more emails separated by commas. Whoever has no account yet gets an invitation to set a password.',
      success: 'Users invited successfully',
    },
    edit: {
      title: 'Edit user',
      success: 'User updated successfully',
    },
    view: {
      title: 'User',
    },
    importer: {
      hint: 'Roles: give each role’s name or id, separated by commas.',
    },
    access: {
      disable: 'Disable access',
      enable: 'Enable access',
      disableTitle: 'Disable the access of {{name}}?',
      disableConfirm: '{{name}} will no longer be able to sign in, and open sessions end now. You can enable the access again later.',
      disabledNow: 'Access of {{name}} disabled',
      enabledNow: 'Access of {{name}} enabled',
    },
    invitation: {
      resentMany_zero: 'No invitation sent again.',
      resentMany_one: 'Invitation sent again to 1 user.',
      resentMany_other: 'Invitation sent again to {{count}} users.',
      skipped_one: '1 user skipped: no pending invitation, or one sent less than a minute ago.',
      skipped_other: '{{count}} users skipped: no pending invitation, or one sent less than a minute ago.',
      noneSelected: 'Select users whose invitation is pending',
      resend: 'Resend invitation',
      resent: 'Invitation sent again to {{email}}',
      pendingHint: 'This user has not created a password yet.',
    },
  },
};
