/** The dashboard's mails (issue 28): the daily alert digest and the weekly summary. */
export default {
  dashboardMails: {
    open: 'Open the dashboard',
    settings: 'You receive this because you asked for it on your profile; turn it off there.',
    levels: { warning: 'Warning', critical: 'Critical' },
    alert: {
      lockerOffline: '{{locker}}: offline for {{value}} min',
      lockerFull: '{{locker}}: occupancy {{value}} %',
      doorFailures: '{{locker}}, door {{door}}: {{value}} door failures in 24 h',
      parcelsOverdue: '{{locker}}: {{value}} parcels past their overdue date ({{company}})',
    },
    since: 'since {{at}}',
    digest: {
      subject: 'Alerts on {{day}}: {{critical}} critical, {{warning}} warnings',
      intro: 'The alerts open at {{at}} ({{timeZone}}).',
      none: 'No alert is open.',
      lastDay: 'In the last 24 hours: {{raised}} raised, {{resolved}} resolved.',
      more: '…and {{count}} more on the dashboard.',
    },
    weekly: {
      subject: 'Week of {{from}} to {{to}}: {{stored}} parcels stored',
      intro: 'Last week ({{from}} to {{to}}, {{timeZone}}) against the week before:',
      figures: {
        created: 'Orders created',
        stored: 'Parcels stored',
        collected: 'Parcels picked up',
        expired: 'Parcels expired',
        uncollectedRate: 'Uncollected rate',
        dwellP50: 'Time in the locker (median)',
        dwellP95: 'Time in the locker (95th percentile)',
      },
      change: '{{value}} (week before: {{previous}})',
      carriers: 'Carriers (stored, stored within the promise)',
      carrier: '{{name}}: {{stored}}, {{inTime}}',
      openAlerts: 'Alerts open now: {{critical}} critical, {{warning}} warnings.',
      occupancy: 'Occupancy now: {{rate}}.',
      none: '—',
      noCarrier: 'No carrier',
    },
    hours: '{{value}} h',
    minutes: '{{value}} min',
  },
};
