import './lib/zod-config.ts';
import './styles.css';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { seedDateTexts } from '../shared/dates.ts';
import { Ready } from './app/ready.tsx';
import { routes } from './app/routes.tsx';

declare global {
  interface Window {
    __staticRouterHydrationData?: unknown;
  }
}

const container = document.getElementById('root')!;
const routerData = document.getElementById('router-data');
if (routerData?.textContent) {
  const { dates, ...hydrationData } = JSON.parse(routerData.textContent) as { dates?: unknown };
  seedDateTexts(dates);
  window.__staticRouterHydrationData = hydrationData;
}
// createBrowserRouter picks the server's loader data up from window.__staticRouterHydrationData.
const router = createBrowserRouter(routes);
const app = (
  <StrictMode>
    <Ready />
    <RouterProvider router={router} />
  </StrictMode>
);

// Hydration as a transition is time-sliced: React yields to the browser every few milliseconds
// instead of one long task, so taps and scrolls during start-up are answered at once. Every page of
// this entry is server-rendered; the back office and the wizard have their own (entry-cms.tsx).
startTransition(() => void hydrateRoot(container, app));
