import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { i18nReady } from './app/i18n';
import { Providers, startSessionRequests } from './app/providers';
import { createRouter, loadRouteTable, startRouteRequests } from './app/router';
import './app/global.css';

// First the route table (with a stored session it fetches the entity routes' chunk), then the
// requests (the page's first data, session, settings), then the router (it fetches the route's
// chunks), then the render once the language's messages are in. The three requests start together,
// after the table. The page's goes first: its query is built from the entity's declaration, which
// takes a moment on a busy machine, and a session asked before that could answer before the page is
// even asked, which is waiting by another name.
const routeTable = await loadRouteTable();
startRouteRequests(routeTable.routes);
startSessionRequests();
const router = createRouter(routeTable);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

await i18nReady;
createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
