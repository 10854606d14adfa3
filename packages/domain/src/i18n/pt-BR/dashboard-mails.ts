/** Os e-mails do painel (issue 28): o resumo diário dos alertas e o resumo semanal. */
export default {
  dashboardMails: {
    open: 'Abrir o painel',
    settings: 'Você recebe este e-mail porque o pediu no seu perfil; desative-o lá.',
    levels: { warning: 'Atenção', critical: 'Crítico' },
    alert: {
      lockerOffline: '{{locker}}: offline há {{value}} min',
      lockerFull: '{{locker}}: ocupação de {{value}} %',
      doorFailures: '{{locker}}, porta {{door}}: {{value}} falhas de porta em 24 h',
      parcelsOverdue: '{{locker}}: {{value}} encomendas vencidas ({{company}})',
    },
    since: 'desde {{at}}',
    digest: {
      subject: 'Alertas de {{day}}: {{critical}} críticos, {{warning}} de atenção',
      intro: 'Os alertas abertos em {{at}} ({{timeZone}}).',
      none: 'Nenhum alerta aberto.',
      lastDay: 'Nas últimas 24 horas: {{raised}} abertos, {{resolved}} resolvidos.',
      more: '…e mais {{count}} no painel.',
    },
    weekly: {
      subject: 'Semana de {{from}} a {{to}}: {{stored}} encomendas armazenadas',
      intro: 'A semana passada ({{from}} a {{to}}, {{timeZone}}) comparada com a anterior:',
      figures: {
        created: 'Pedidos criados',
        stored: 'Encomendas armazenadas',
        collected: 'Encomendas retiradas',
        expired: 'Encomendas expiradas',
        uncollectedRate: 'Taxa de não retirada',
        dwellP50: 'Tempo no armário (mediana)',
        dwellP95: 'Tempo no armário (percentil 95)',
      },
      change: '{{value}} (semana anterior: {{previous}})',
      carriers: 'Transportadoras (armazenadas, armazenadas no prazo)',
      carrier: '{{name}}: {{stored}}, {{inTime}}',
      openAlerts: 'Alertas abertos agora: {{critical}} críticos, {{warning}} de atenção.',
      occupancy: 'Ocupação agora: {{rate}}.',
      none: '—',
      noCarrier: 'Sem transportadora',
    },
    hours: '{{value}} h',
    minutes: '{{value}} min',
  },
};
