import { render } from 'preact';
import { App } from './app';
import type { BrowserEngine } from './engine/browser_engine';
import { registerServiceWorker } from './pwa/register';
import './style.css';
import './table.css';

render(<App />, document.getElementById('app')!);
registerServiceWorker();

// The browser's engines (src/engine/): loaded on first use only, so that none of them is in the
// first screen's download; the console and the browser tests reach them here.
(window as unknown as { oyinEngine: (game: string) => Promise<BrowserEngine> }).oyinEngine = async (game) =>
  new (await import('./engine/browser_engine')).BrowserEngine(game);
