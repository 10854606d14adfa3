/**
 * As palavras do editor de modelos (modelos de mensagem e de QR code: variáveis, pré-visualização ao
 * vivo, contador de SMS): o console as carrega com esses formulários (apps/web/src/features/ccm/messages.ts).
 */
export const templateScreenAreas = [
  {
    templateEditor: {
      variables: {
        title: 'Variáveis',
        hint: 'Clique em uma para inseri-la onde está o cursor.',
        names: {
          order: {
            trackingCode: 'Código de rastreio',
            referenceNumber: 'Número de referência',
            type: 'Tipo do pedido',
            status: 'Situação do pedido',
            compartimentNumber: 'Número da porta',
            overdueDate: 'Prazo de retirada',
          },
          customer: { name: 'Nome do cliente', email: 'E-mail do cliente', phone: 'Telefone do cliente' },
          locker: { name: 'Armário', address: 'Endereço do armário', workingHours: 'Horário de funcionamento' },
          company: { name: 'Empresa' },
          accessCode: 'Código de acesso',
          qrCodeUrl: 'Link do QR code',
        },
      },
      preview: {
        title: 'Pré-visualização com um pedido de exemplo',
        loading: 'Preparando a pré-visualização…',
        empty: 'Escreva o conteúdo para vê-lo aqui.',
        notCompiled: 'A pré-visualização volta quando o conteúdo compilar.',
        failed: 'O pedido de exemplo não é exibido: {{reason}}',
        subject: 'Assunto',
        noSubject: '(sem assunto)',
        pushTitle: 'Título',
        renderedCount: 'Com o pedido de exemplo: {{counter}}',
      },
      whatsapp: {
        chatLabel: 'A mensagem como o WhatsApp a mostra',
        templateName: 'Modelo aprovado pela Meta: {{name}}',
        noTemplateName: 'Preencha o assunto com o nome do modelo que a Meta aprovou.',
        parametersTitle: 'Os parâmetros do modelo, em ordem',
        parametersHint:
          'O WhatsApp envia o texto aprovado pela Meta; cada variável do conteúdo vira um parâmetro, na ordem em que aparece.',
        noParameters: 'Nenhum parâmetro: o conteúdo não tem variável fora de um bloco.',
        time: '10:42',
      },
      sms: {
        characters_zero: '0 caracteres',
        characters_one: '{{count}} caractere',
        characters_other: '{{count}} caracteres',
        segments_zero: '0 segmentos',
        segments_one: '{{count}} segmento',
        segments_other: '{{count}} segmentos',
        perSegment: '{{count}} por segmento',
        countsTyped:
          'Conta o texto como está escrito, em que cada chave de uma variável vale 2 caracteres; a pré-visualização conta a mensagem com o pedido de exemplo.',
        forcedBy: 'Estes caracteres fazem o SMS ir em UCS-2, 70 caracteres por segmento:',
        replace: 'Substituir caracteres acentuados',
        replaceHint: 'Várias operadoras brasileiras não entregam acentos nem Unicode: as letras sem acento sempre chegam.',
        replaced: 'Caracteres acentuados substituídos',
      },
      qrcode: {
        frameTitle: 'Página do QR code em {{language}}',
      },
    },
  },
];
