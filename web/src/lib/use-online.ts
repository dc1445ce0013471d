import { useSyncExternalStore } from 'react';

// Whether the browser says it has a network (navigator.onLine, kept by its online and offline events). True says
// little (a Wi-Fi with no route to the server is "online"); false is reliable.
function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useBrowserOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}
