import { AlertTriangle, RotateCw } from 'lucide-react';
import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { messages } from '../../../i18n/messages';
import { buttonStyles } from '@clima/web-kit/button';
import { PageSpinner } from '@clima/web-kit/spinner';
import { loadAdminApp } from '../admin-remote';

const m = messages.adminRemote;

// Imported only from this route: a visitor who never opens /admin never downloads the remote.
const AdminApp = lazy(loadAdminApp);

class RemoteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(messages.logs.adminRemote, error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="grid min-h-dvh place-items-center bg-slate-50 px-6">
        <div role="alert" className="max-w-md rounded-3xl border border-slate-200 bg-white p-8 text-center shadow-sm">
          <span className="mx-auto mb-4 grid size-14 place-items-center rounded-2xl bg-red-50 text-red-600">
            <AlertTriangle className="size-7" aria-hidden />
          </span>
          <p className="text-slate-700">{m.loadFailed}</p>
          <button
            type="button"
            className={`${buttonStyles.primary} mt-6`}
            // The browser caches a failed module fetch for the page's lifetime: only a reload retries it.
            onClick={() => window.location.reload()}
          >
            <RotateCw className="size-4" aria-hidden />
            {m.retry}
          </button>
        </div>
      </main>
    );
  }
}

/**
 * /admin and /admin/*: the federated admin panel. The remote is imported only here, so a visitor who
 * never opens /admin never downloads it; a failed load shows a Portuguese error with a retry.
 */
export default function AdminRemoteRoute() {
  return (
    <RemoteErrorBoundary>
      <Suspense fallback={<PageSpinner label={m.loading} />}>
        <AdminApp />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
