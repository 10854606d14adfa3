/**
 * As palavras das telas de romaneio (montagem por etapas, lista e acompanhamento): o console as
 * carrega com essas telas (apps/web/src/features/packing/messages.ts), não com todas.
 */
export const packingScreenAreas = [
  {
    packingPage: {
      steps: {
        header: 'Dados do romaneio',
        summary: 'Resumo',
      },
      header: {
        hint: 'Uma coleta de devolução só recolhe (coleta reversa e de expirados); com rota, os armários seguem a ordem da rota.',
      },
      actions: {
        next: 'Próximo',
        back: 'Voltar',
        save: 'Salvar romaneio',
        retry: 'Tentar de novo',
        finish: 'Finalizar',
        download: 'Baixar romaneio',
        deselectRefused: 'Desmarcar os recusados',
      },
      filters: {
        lockers: 'Armários',
        lockersPlaceholder: 'Todos os armários',
        trackingCode: 'Código de rastreio',
        trackingCodePlaceholder: 'Começa com…',
      },
      locker: {
        none: 'Sem armário',
        orders_one: '{{count}} pedido',
        orders_other: '{{count}} pedidos',
        notFitting_one: '{{count}} não cabe',
        notFitting_other: '{{count}} não cabem',
        selectAll: 'Selecionar todos de {{locker}} ({{count}})',
        selected_one: '{{count}} selecionado',
        selected_other: '{{count}} selecionados',
        show: 'Mostrar os pedidos de {{locker}}',
      },
      stepTotals: 'Pedidos: {{orders}} · Armários: {{lockers}} · Selecionados: {{selected}}',
      emptyStep: 'Nenhum pedido nesta etapa',
      emptyFiltered: 'Nenhum pedido com estes filtros',
      metricsFailed: 'Não foi possível carregar os pedidos das etapas',
      columns: {
        trackingCode: 'Código de rastreio',
        customer: 'Cliente',
        size: 'Tamanho',
        compartment: 'Compartimento',
        target: 'Compartimento de destino',
        step: 'Etapa',
        outcome: 'Situação',
        locker: 'Armário',
        total: 'Total',
      },
      hasChange: 'Alterado',
      hasChangeHint: 'O pedido mudou desde que foi separado para um romaneio anterior: confira antes de levar.',
      hasChangeHintPacked: 'O pedido mudou desde que foi separado para este romaneio: confira antes de levar.',
      retargeted: 'antes {{number}}',
      refused: 'Recusado',
      selectRow: 'Selecionar {{code}}',
      summary: {
        empty: 'Nenhum pedido selecionado: escolha os pedidos nas etapas.',
        total: 'Total do romaneio',
        refused: 'O romaneio não foi salvo',
        skipped: 'Uma coleta de devolução não leva entregas: {{count}} entregas selecionadas ficam de fora.',
      },
      outcomes: {
        none: 'Pendente',
        done: 'Feito',
        wrongLocker: 'Armário errado',
        notMade: 'Não feito',
      },
      progress: '{{done}} de {{total}} feitos',
      orders: {
        title: 'Pedidos do romaneio',
        empty: 'Nenhum pedido neste romaneio',
      },
      finish: {
        confirmTitle: 'Finalizar romaneio?',
        confirmOne: 'Finalizar o romaneio {{name}}? Os pedidos ficam livres para outro romaneio.',
        confirmMany: 'Finalizar {{count}} romaneios? Os pedidos ficam livres para outro romaneio.',
        progress: 'Finalizando {{done}} de {{total}}…',
        done: '{{count}} romaneios finalizados',
        failed: 'Não finalizados: {{names}}',
      },
      downloaded: 'Romaneio baixado',
    },
  },
];
