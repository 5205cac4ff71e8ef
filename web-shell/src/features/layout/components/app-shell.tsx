import { Suspense } from 'react';
import { Link, Outlet, useLocation } from '@clima/router';
import { messages } from '../../../i18n/messages';
import { RouteErrorBoundary } from '../../../shared/ui/route-error-boundary';
import { PageSpinner } from '@clima/web-kit/spinner';
import { AccountDeletedNotice } from '../../privacy/components/account-deleted-notice';
import { EmailVerificationNotice } from '../../recovery/components/email-verification-notice';
import { PaymentPendingBanner } from '../../subscription/components/payment-pending-banner';
import { AppHeader, TaglineBar } from './app-header';
import { OfflineBanner } from './offline-banner';
import { OfflineSync } from '../../downloads/offline-sync';

/** The end-user shell of spec 2.1: every route but /auth/callback renders inside it. */
export function AppShell() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        {messages.app.skipToContent}
      </a>
      <TaglineBar />
      <AppHeader />
      <OfflineBanner />
      <OfflineSync />
      <AccountDeletedNotice />
      <EmailVerificationNotice />
      <PaymentPendingBanner />
      {/* at least a screen tall: the footer starts below the fold, so a screen that grows as its data
          arrives never pushes it down in sight (a layout shift) */}
      <main id="conteudo" className="mx-auto min-h-dvh w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 sm:py-10">
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageSpinner label={messages.common.loading} />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>{messages.app.footer}</p>
          <nav aria-label={messages.app.footerNav}>
            <Link to="/acessibilidade" className="inline-flex min-h-11 items-center font-medium text-slate-700 underline underline-offset-2 hover:text-slate-900">
              {messages.app.accessibilityLink}
            </Link>
          </nav>
          <p className="italic">{messages.app.tagline}</p>
        </div>
      </footer>
    </div>
  );
}
