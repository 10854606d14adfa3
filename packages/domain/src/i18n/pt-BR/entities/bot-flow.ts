import { BOT_STEP_NAMES, type BotStep } from '../../../bot/flow-steps';

const STEPS: Record<BotStep, string> = {
  welcome: 'Boas-vindas',
  outOfService: 'Fora de serviço',
  askAgain: 'Resposta não entendida',
  help: 'Ajuda',
  cancelled: 'Cancelamento',
  timedOut: 'Conversa encerrada por inatividade',
  chooseSize: 'Escolha do tamanho (lista)',
  noneFree: 'Nenhum compartimento livre',
  askStart: 'Pergunta do início',
  askHours: 'Pergunta das horas',
  askRange: 'Pergunta dos dias',
  askRecipient: 'Pergunta do destinatário',
  confirm: 'Confirmação (botões)',
  reminder: 'Lembrete 1 hora antes do fim',
  paymentDeclined: 'Pagamento não concluído',
  payment: 'Pagamento',
  booked: 'Reserva confirmada',
  menu: 'Menu (botões)',
  orders: 'Pedidos em aberto (antes da lista)',
  codes: 'Códigos reenviados (antes da lista)',
  codesTooSoon: 'Códigos pedidos de novo em menos de um minuto',
  handOff: 'Transferência para atendente',
};

export default {
  entities: {
    botFlow: {
      menu: 'Fluxos de bot',
      label: 'Fluxo de bot',
      labelPlural: 'Fluxos de bot',
      fields: {
        name: 'Nome',
        type: 'Tipo',
        company: 'Empresa',
        cluster: 'Cluster',
        user: 'Usuário',
        messageTemplate: 'Modelo de mensagem',
        messages: 'Mensagens',
        ...Object.fromEntries(
          BOT_STEP_NAMES.flatMap((step) => [
            [step, `${STEPS[step]} (pt-BR)`],
            [`${step}En`, `${STEPS[step]} (inglês)`],
          ]),
        ),
        enable: 'Ativo',
        id: 'ID',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      hints: {
        messages:
          'Vazio: o texto padrão. Linhas começando com "- " são os botões (até 3) ou, numa lista, o botão e as linhas (até 10); até 20 caracteres cada.',
        messageTemplate: 'Enviado fora da janela de 24 horas do cliente, quando o WhatsApp aceita apenas modelos',
      },
      enumerators: {
        type: {
          hourlyBooking: 'Reserva por hora',
          periodBooking: 'Reserva por período',
          buildingBooking: 'Reserva no condomínio',
          logisticSupport: 'Suporte logístico',
        },
      },
      errors: {
        bodyRequired: 'Escreva o texto da mensagem antes dos botões',
        bodyTooLong: 'O WhatsApp aceita até {{max}} caracteres neste texto',
        noChoices: 'Esta mensagem não tem botões: tire as linhas começando com "- "',
        tooManyButtons: 'O WhatsApp aceita até {{max}} botões',
        tooManyRows: 'O WhatsApp aceita até {{max}} linhas numa lista',
        labelTooLong: 'O WhatsApp aceita até {{max}} caracteres por botão ou linha: "{{label}}"',
      },
      create: { success: 'Fluxo de bot criado com sucesso' },
      update: { success: 'Fluxo de bot atualizado com sucesso' },
      destroy: { success: 'Fluxo de bot excluído com sucesso' },
      destroyAll: { success: 'Fluxos de bot excluídos com sucesso' },
    },
  },
};
