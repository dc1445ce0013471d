import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { registerServiceWorker } from './lib/service-worker.ts';
import './styles.css';

const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

// Once the page has loaded: the worker's first install fetches the whole shell, which must not slow the first screen.
window.addEventListener('load', () => void registerServiceWorker({ production: import.meta.env.PROD, container: navigator.serviceWorker }));
