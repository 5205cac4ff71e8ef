import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadLandingScreen } from './app/app-routes';
import { startServiceWorker } from './app/service-worker';
import { requestSessionEarly } from './features/auth/components/auth-provider';
import './index.css';

// every screen waits for the session, and the first screen for its code: both leave before React starts
requestSessionEarly();
preloadLandingScreen(window.location.pathname);

// the first render in a transition: React yields to the browser between pieces of work instead of one
// long task, so that a slow phone stays responsive while the shell starts
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

startServiceWorker();
