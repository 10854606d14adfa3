/**
 * As palavras do formulário de um fluxo de bot (issue 32 item 1): o texto de cada etapa como o
 * WhatsApp o mostra. O console as carrega com esse formulário (apps/web/src/features/bot-flow/messages.ts).
 */
export const botFlowScreenAreas = [
  {
    botFlowPreview: {
      label: 'Como o WhatsApp mostra "{{step}}"',
      time: '10:30',
      defaultText: 'O campo está vazio: o bot diz o texto padrão mostrado aqui.',
      bodyCount: 'Texto da mensagem: {{count}} de {{max}} caracteres.',
      buttons: 'Botões de resposta',
      rows: 'Linhas da lista',
      sampleRows: 'Linhas de exemplo: o bot lista os tamanhos livres quando o cliente pergunta.',
      extra: 'O bot acrescenta abaixo deste texto: {{what}}.',
      extras: {
        payment: 'o valor e o código Pix',
        booked: 'o código de acesso, o armário e o fim, depois o código QR',
        orders: 'os pedidos em aberto, um por linha',
        codes: 'os códigos de acesso, um por linha',
      },
    },
  },
];
