/**
 * Server-only messages of rules the API enforces and the console's screens already respect (they
 * hide a filter the user may not use): the browser shows these as the API words them.
 */
export default {
  errors: {
    filterNotAllowed: 'You may not filter {{entity}} by {{field}}: it needs the permission "{{permission}}"',
    orderStampPeriodTooLong: 'Choose a period of "{{field}}" of at most {{days}} days',
    orderTypeNotEnabled: 'Company {{company}} does not operate {{type}} orders (its enabled operations: {{enabled}})',
  },
};
