/** The profile's switches for the dashboard's mails (issue 28): loaded with the profile page, not with every signed-in screen. */
export const profileScreenAreas = [
  {
    auth: {
      profile: {
        summaries: {
          title: 'Email summaries',
          intro: 'The dashboard in your inbox, with the lockers and companies you see in the console.',
          alertDigest: 'Daily alert digest at 07:00',
          alertDigestHint: 'The alerts open at that moment, critical first.',
          weeklySummary: 'Weekly dashboard summary (Mondays)',
          weeklySummaryHint: "Last week's figures compared with the week before.",
          saved: 'Email preference saved',
        },
      },
    },
  },
];
