import './styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Ready } from './app/ready.tsx';
import { routes } from './app/routes.tsx';

declare global {
  interface Window {
    __staticRouterHydrationData?: unknown;
  }
}

const container = document.getElementById('root')!;
const routerData = document.getElementById('router-data');
if (routerData?.textContent) window.__staticRouterHydrationData = JSON.parse(routerData.textContent);
// createBrowserRouter picks the server's loader data up from window.__staticRouterHydrationData.
const router = createBrowserRouter(routes);
const app = (
  <StrictMode>
    <Ready />
    <RouterProvider router={router} />
  </StrictMode>
);

if (window.__staticRouterHydrationData) hydrateRoot(container, app);
else createRoot(container).render(app);
