import './lib/zod-config.ts';
import { lazy, StrictMode, Suspense, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { Ready } from './app/ready.tsx';
import { CmsApp } from './app/routes/cms/cms-app.tsx';
import { applyWholeStylesheet, prepareWholeStylesheet } from './lib/whole-stylesheet.ts';

// The back office's and the wizard's entry (cms.html), drawn in the browser: none of the public
// pages' code is loaded or run here, as the public entry holds none of theirs (issue 18). The
// declarative router: the back office reads no route data, and the data router's code (about a
// third of react-router) would only cost a phone time to run.

/** The wizard, used once per school: its own chunk. */
const InstallApp = lazy(async () => ({ default: (await import('./app/routes/install/install-app.tsx')).InstallApp }));

/** A move to a public page (already in the address bar) loads it from the server, which sends the public entry. */
function PublicPage() {
  useEffect(() => window.location.reload(), []);
  return null;
}

const app = (
  <StrictMode>
    <Ready />
    <BrowserRouter>
      <Routes>
        <Route path="/cms/*" element={<CmsApp />} />
        <Route
          path="/install/*"
          element={
            <Suspense fallback={<p className="p-8 text-center text-slate-600">Loading...</p>}>
              <InstallApp />
            </Suspense>
          }
        />
        <Route path="*" element={<PublicPage />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>
);

// The page inlines only what "Loading..." needs (the whole stylesheet would block its first paint);
// everything else is applied before the first screen is drawn.
void prepareWholeStylesheet().then(() => {
  applyWholeStylesheet();
  createRoot(document.getElementById('root')!).render(app);
});
