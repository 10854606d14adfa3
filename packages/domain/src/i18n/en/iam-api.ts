/** Messages the API answers for IAM (spec 7.2, 8.3) and the user declaration's labels. */
export default {
  iam: {
    errors: {
      userAlreadyExists: 'User with this email already exists',
      userNotFound: 'User not found',
      disablingHimself: "You can't disable yourself",
      revokingOwnPermission: "You can't revoke your own owner permission",
      roleNotGrantable: "You can't grant the role {{role}}: it has permissions you don't hold",
      userOutranksCaller: "You can't change {{email}}: they hold permissions you don't hold",
      roleNotFound: 'Role not found',
      companyNotFound: 'Company not found',
      removeNothingSelected: 'Choose the roles to remove or remove all of them',
      invitationNotPending: 'This user has already set a password: no invitation is pending',
    },
  },
  entities: {
    user: {
      label: 'User',
      labelPlural: 'Users',
      fields: {
        id: 'ID',
        email: 'Email',
        emails: 'Emails',
        password: 'Password',
        oldPassword: 'Old password',
        newPassword: 'New password',
        token: 'Token',
        method: 'Method',
        firstName: 'First name',
        lastName: 'Last name',
        fullName: 'Full name',
        phoneNumber: 'Phone number',
        avatars: 'Avatar',
        roles: 'Roles',
        role: 'Role',
        allowedCompanies: 'Allowed companies',
        disabled: 'Disabled',
        status: 'Status',
        emailVerified: 'Email verified',
        ids: 'Users',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      enumerators: {
        status: {
          enabled: 'Enabled',
          disabled: 'Disabled',
          invited: 'Invitation pending',
        },
      },
    },
  },
};
