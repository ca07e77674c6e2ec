/**
 * Entry point: validates the configuration (a bad value is named on screen, never a blank
 * page), creates the backend and the store, and renders the app.
 */
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createAppBackend } from '@/app/backend';
import { loadConfig } from '@/config/config';
import { makeStore } from '@/app/store';
import { ConfigErrorScreen } from '@/components/config-error-screen';

function start(container: HTMLElement) {
  const root = createRoot(container);
  const result = loadConfig();
  if (!result.ok) {
    root.render(<ConfigErrorScreen variable={result.error.variable} message={result.error.message} />);
    return;
  }
  try {
    const { store, persistor } = makeStore(createAppBackend(result.config));
    root.render(<App store={store} persistor={persistor} />);
  } catch (error) {
    const message = error instanceof Error ? error.message : 'Triage could not start.';
    root.render(<ConfigErrorScreen variable={null} message={message} />);
  }
}

const container = document.getElementById('root');
if (container) start(container);
