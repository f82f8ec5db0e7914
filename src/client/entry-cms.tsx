import './lib/zod-config.ts';
import './staff.css';
import { startTransition, StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { Ready } from './app/ready.tsx';
import { LoadDocument } from './lib/client-navigation.ts';

// The back office's and the wizard's entry (cms.html), drawn in the browser: none of the public
// pages' code is loaded or run here, as the public entry holds none of theirs (issue 18). The
// declarative router: the back office reads no route data, and the data router's code (about a
// third of react-router) would only cost a phone time to run.

const wizard = /^\/install(\/|$)/.test(window.location.pathname);
// The back office (or the wizard, used once per school) is a chunk of its own, which the page
// preloads (cms-shell.ts): the browser runs it in a task of its own, after React's, and a phone
// answers taps in between. The page carries the whole stylesheet.
void (
  wizard
    ? import('./app/routes/install/install-app.tsx').then((m): ComponentType => m.InstallApp)
    : import('./app/routes/cms/cms-app.tsx').then(async (m): Promise<ComponentType> => {
        await m.loadFirstScreen(window.location.pathname);
        return m.CmsApp;
      })
).then((App) => {
  // Drawn as a transition, React yields to the browser every few milliseconds instead of one long task.
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Ready />
        <BrowserRouter>
          <Routes>
            <Route path={wizard ? '/install/*' : '/cms/*'} element={<App />} />
            {/* A move to a public page: loaded from the server, which sends the public entry. */}
            <Route path="*" element={<LoadDocument />} />
          </Routes>
        </BrowserRouter>
      </StrictMode>,
    ),
  );
});
// A page's first date format loads the browser's calendar data (10-35 ms on a desktop): in a task
// of its own while the screen's data is on its way, not in the one that draws the list.
setTimeout(() => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }).format(0));
