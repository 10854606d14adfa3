import type { RouteObject } from 'react-router';
export const entityRoutes: RouteObject[] = [];
