/** Os interruptores do perfil para os e-mails do painel (issue 28): carregados com a página de perfil, não com todas as telas. */
export const profileScreenAreas = [
  {
    auth: {
      profile: {
        summaries: {
          title: 'Resumos por e-mail',
          intro: 'O painel chega ao seu e-mail, com os armários e empresas que você vê no console.',
          alertDigest: 'Resumo diário dos alertas às 07:00',
          alertDigestHint: 'Os alertas abertos naquele momento, críticos primeiro.',
          weeklySummary: 'Resumo semanal do painel (segunda-feira)',
          weeklySummaryHint: 'Os números da semana anterior comparados com a semana antes dela.',
          saved: 'Preferência de e-mail salva',
        },
      },
    },
  },
];
