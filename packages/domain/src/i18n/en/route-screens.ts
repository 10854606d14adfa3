/**
 * The route screens' words (the ordered stops, "order by distance"): the console loads them with the
 * route pages (apps/web/src/features/route/messages.ts), the API with the rest.
 */
export const routeScreenAreas = [
  {
    routePage: {
      stops: {
        listLabel: 'Stops in drive order',
        empty: 'No locker on the route yet: add the first one below.',
        position: 'Stop {{position}}',
        add: 'Add a locker to the route',
        moveUp: 'Move {{label}} up',
        moveDown: 'Move {{label}} down',
        remove: 'Remove {{label}} from the route',
        moved: '{{label}} is now stop {{position}} of {{count}}',
        removed: '{{label}} removed from the route',
        added: '{{label}} added as stop {{position}}',
        alreadyIn: '{{label}} is already stop {{position}}',
        drag: 'Drag {{label}} to another place in the route (or use the arrows)',
        noCoordinates: 'no coordinates',
      },
      distance: {
        order: 'Order by distance',
        hint: 'Proposes the shortest order it finds from the first stop, by the lockers’ coordinates; you can still change it by hand.',
        total: 'Total distance: {{distance}}',
        km: '{{value}} km',
        ordered: 'Ordered by distance: {{before}} before, {{after}} now.',
        alreadyShortest: 'The current order is already the shortest found ({{distance}}).',
        withoutCoordinates: 'Without coordinates, left at the end: {{lockers}}.',
        needsTwo: 'Add at least two lockers with coordinates to order by distance.',
        loading: 'Reading the lockers’ coordinates…',
      },
      view: {
        stops: 'Stops',
        count: '{{count}} stop(s)',
      },
    },
  },
];
