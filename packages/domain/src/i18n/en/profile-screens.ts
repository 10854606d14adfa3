/** The profile's switches for the dashboard's mails (issue 28): loaded with the profile page, not with every signed-in screen. */
export const profileScreenAreas = [
  {
    auth: {
      profile: {
        terminal: {
          title: "At the lockers' screens",
          intro:
            "Sign in at a locker's screen with your PIN, or show it the QR code below. You get there the rights your roles give at that locker.",
          pin: 'PIN (4 to 8 digits)',
          pinSet: 'You have a PIN. A new one replaces it and voids the QR codes shown before.',
          pinUnset: 'You have no PIN yet.',
          savePin: 'Save PIN',
          pinSaved: 'PIN saved',
          pinFormat: 'Type 4 to 8 digits',
          showQr: 'Show my QR code',
          qrLabel: 'Your sign-in QR code for the lockers',
          qrExpires: "Valid until {{time}}; show it to the locker's scanner.",
        },
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
