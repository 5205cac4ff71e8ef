import { AlertTriangle } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { messages } from '../../i18n/messages';
import { buttonStyles } from '@clima/web-kit/button';

/** Keeps a failing screen (or a chunk that did not load) from blanking the whole app. */
export class RouteErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override componentDidUpdate(prev: { resetKey: string }): void {
    if (prev.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const m = messages.routeError;
    return (
      <div role="alert" className="mx-auto my-10 max-w-md rounded-3xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <AlertTriangle className="mx-auto mb-3 size-8 text-amber-500" aria-hidden />
        <h1 className="text-xl font-bold text-slate-900">{m.title}</h1>
        <p className="mt-1 text-slate-600">{m.text}</p>
        <button type="button" onClick={() => window.location.reload()} className={`${buttonStyles.primary} mt-6`}>
          {m.action}
        </button>
      </div>
    );
  }
}
