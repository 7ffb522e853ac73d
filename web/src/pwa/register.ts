// Registers the offline app's service worker (service_worker.ts): in a production build only
// (never in `npm run dev` or the unit tests), and only where the browser allows one — a secure
// context, which plain http on localhost or 127.0.0.1 is.
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  if (location.protocol !== 'https:' && location.protocol !== 'http:') return;
  const register = () => navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  // After the first screen, so the precaching does not compete with it.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
