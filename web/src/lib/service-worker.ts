// The production build registers the service worker that keeps the app shell on the device (web/build/
// service-worker.ts): a page reloaded out of reach of the Wi-Fi still opens and sends the scans it stored. A browser
// gives service workers to secure origins only (https, or localhost): on a plain-HTTP LAN address there is none, the
// reload shows the browser's offline page, and the stored scans are sent once the page is opened again within reach.

export interface ServiceWorkerHost {
  production: boolean;
  /** navigator.serviceWorker: missing on an insecure origin. */
  container: Pick<ServiceWorkerContainer, 'register'> | undefined;
}

export function registerServiceWorker({ production, container }: ServiceWorkerHost): Promise<boolean> {
  if (!production || !container) return Promise.resolve(false);
  return container.register('/sw.js', { scope: '/' }).then(
    () => true,
    (error: unknown) => {
      console.warn('Service worker not registered', error);
      return false;
    },
  );
}
