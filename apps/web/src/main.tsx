import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { i18nReady } from './app/i18n';
import { Providers, startSessionRequests } from './app/providers';
import { createRouter, startRouteRequests } from './app/router';
import './app/global.css';

// First the requests (session, settings, the page's first data), then the router (it fetches the
// route's chunks), then the render once the language's messages are in: all of it in flight together.
startSessionRequests();
startRouteRequests();
const router = createRouter();
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
