/** The API's refusals of a software release's moves (issue 31): the browser shows the API's words. */
export default {
  entities: {
    terminalUiRelease: {
      errors: {
        notEditable: 'Only a scheduled release can be changed or deleted',
        notAllowed: 'This release is {{status}}: it cannot be {{action}} now',
        nothingToRetry: 'This release has no failed locker to retry',
        otherCompanyBuild: 'This build belongs to another company than the release',
        noBuildFile: 'This version has no file the console stored: attach its file to the version first',
      },
      actionWords: { pause: 'paused', resume: 'resumed', cancel: 'canceled', retryFailed: 'retried' },
    },
  },
};
