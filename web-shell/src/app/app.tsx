import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { BrowserRouter } from '@clima/router';
import { AuthProvider } from '../features/auth/components/auth-provider';
import { SignInDialogProvider } from '../features/auth/components/sign-in-dialog-provider';
import { SubscribeDialogProvider } from '../features/subscription/components/subscribe-dialog-provider';
import { messages } from '../i18n/messages';
import { PageSpinner } from '@clima/web-kit/spinner';
import { AppRoutes } from './app-routes';
import { createQueryClient } from './query-client';
import { useReloadOnNavigationAfterUpdate } from './service-worker';

/** Inside the router: a new build that took over loads at the next navigation. */
function BuildUpdate() {
  useReloadOnNavigationAfterUpdate();
  return null;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <BuildUpdate />
        <AuthProvider>
          <SignInDialogProvider>
            <SubscribeDialogProvider>
              <Suspense fallback={<PageSpinner label={messages.common.loading} />}>
                <AppRoutes />
              </Suspense>
            </SubscribeDialogProvider>
          </SignInDialogProvider>
        </AuthProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
