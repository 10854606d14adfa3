import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { i18nReady } from './app/i18n';
import { Providers, startSessionRequests } from './app/providers';
import { createRouter, loadRouteTable, startRouteRequests } from './app/router';
import './app/global.css';

// First the route table (with a stored session it fetches the entity routes' chunk), then the
// requests (session, settings, the page's first data), then the router (it fetches the route's
// chunks), then the render once the language's messages are in. The three requests start together,
// after the table: the first page's query is built from the entity's declaration, and a session
// asked earlier could answer before the page is asked, which is waiting by another name.
const routeTable = await loadRouteTable();
startSessionRequests();
startRouteRequests(routeTable.routes);
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
