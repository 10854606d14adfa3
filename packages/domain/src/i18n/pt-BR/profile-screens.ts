/** Os interruptores do perfil para os e-mails do painel (issue 28): carregados com a página de perfil, não com todas as telas. */
export const profileScreenAreas = [
  {
    auth: {
      profile: {
        terminal: {
          title: 'Na tela dos armários',
          intro:
            'Entre na tela de um armário com a sua senha numérica, ou mostre a ela o QR code abaixo. Lá você recebe os direitos que os seus perfis dão naquele armário.',
          pin: 'Senha numérica (4 a 8 dígitos)',
          pinSet: 'Você já tem uma senha. Uma nova a substitui e anula os QR codes mostrados antes.',
          pinUnset: 'Você ainda não tem senha.',
          savePin: 'Salvar senha',
          pinSaved: 'Senha salva',
          pinFormat: 'Digite de 4 a 8 dígitos',
          showQr: 'Mostrar meu QR code',
          qrLabel: 'Seu QR code de entrada nos armários',
          qrExpires: 'Vale até {{time}}; mostre-o ao leitor do armário.',
        },
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
