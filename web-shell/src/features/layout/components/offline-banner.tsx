import { WifiOff } from 'lucide-react';
import { messages } from '../../../i18n/messages';
import { useOnline } from '../../../shared/hooks/use-online';

/** Under the header on every screen while the server cannot be reached; gone as soon as it can. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="border-b border-amber-200 bg-amber-50" role="status" data-testid="offline-banner">
      <p className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-2 text-sm font-medium text-amber-900 sm:px-6">
        <WifiOff className="size-4 shrink-0 text-amber-700" aria-hidden />
        {messages.app.offline}
      </p>
    </div>
  );
}
