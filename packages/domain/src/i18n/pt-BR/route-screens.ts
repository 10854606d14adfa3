/**
 * As palavras das telas de rota (as paradas em ordem, "ordenar por distância"): o console as carrega
 * com as páginas de rota (apps/web/src/features/route/messages.ts), a API com o resto.
 */
export const routeScreenAreas = [
  {
    routePage: {
      stops: {
        listLabel: 'Paradas na ordem do percurso',
        empty: 'Nenhum armário na rota ainda: adicione o primeiro abaixo.',
        position: 'Parada {{position}}',
        add: 'Adicionar armário à rota',
        moveUp: 'Subir {{label}}',
        moveDown: 'Descer {{label}}',
        remove: 'Tirar {{label}} da rota',
        moved: '{{label}} agora é a parada {{position}} de {{count}}',
        removed: '{{label}} saiu da rota',
        added: '{{label}} entrou como parada {{position}}',
        alreadyIn: '{{label}} já é a parada {{position}}',
        drag: 'Arraste {{label}} para outro lugar da rota (ou use as setas)',
        noCoordinates: 'sem coordenadas',
      },
      distance: {
        order: 'Ordenar por distância',
        hint: 'Propõe a ordem mais curta que encontra a partir da primeira parada, pelas coordenadas dos armários; você ainda pode mudá-la à mão.',
        total: 'Distância total: {{distance}}',
        km: '{{value}} km',
        ordered: 'Ordenada por distância: {{before}} antes, {{after}} agora.',
        alreadyShortest: 'A ordem atual já é a mais curta encontrada ({{distance}}).',
        withoutCoordinates: 'Sem coordenadas, ficaram no fim: {{lockers}}.',
        needsTwo: 'Adicione ao menos dois armários com coordenadas para ordenar por distância.',
        loading: 'Lendo as coordenadas dos armários…',
      },
      view: {
        stops: 'Paradas',
        count: '{{count}} parada(s)',
      },
    },
  },
];
