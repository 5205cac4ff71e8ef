import { LogOut } from 'lucide-react';
import { messages } from '../../../i18n/messages';
import { displayName, hasActiveSubscription } from '../../../lib/subscription';
import { useAuth } from '../../auth/hooks/use-auth';
import { useSignInDialog } from '../../auth/hooks/use-sign-in-dialog';
import { buttonStyles } from '@clima/web-kit/button';

export function ProBadge() {
  return (
    <span
      className="inline-flex shrink-0 items-center rounded-md bg-gradient-to-r from-amber-400 to-yellow-300 px-1.5 py-0.5 text-[10px] font-extrabold tracking-wider text-amber-950"
      data-testid="pro-badge"
    >
      {messages.nav.pro}
    </span>
  );
}

/** Name (or e-mail prefix), e-mail, PRO badge and logout; 'Entrar' for visitors. */
export function UserBlock({ variant }: { variant: 'header' | 'menu' }) {
  const { user, isPending, logout } = useAuth();
  const { openSignIn } = useSignInDialog();

  if (isPending) {
    return <span className="h-9 w-32 animate-pulse rounded-xl bg-slate-100" aria-hidden />;
  }
  if (!user) {
    return (
      <button type="button" onClick={() => openSignIn('login')} className={`${buttonStyles.primary} ${variant === 'menu' ? 'w-full' : ''}`}>
        {messages.nav.signIn}
      </button>
    );
  }

  const name = displayName(user);
  const initial = name.charAt(0).toUpperCase();
  // the header is 64 px high: there the name takes up to two lines and the e-mail one, a longer one ending in '…'
  // (whole on hover, to screen readers, in the menu and on Meu Perfil) instead of wrapping below the header
  const header = variant === 'header';
  const whole = (value: string) => (header ? value : undefined);
  return (
    <div className={`flex items-center gap-3 ${variant === 'menu' ? 'w-full' : ''}`} data-testid="user-block">
      <span
        className="grid size-9 shrink-0 place-items-center rounded-full bg-gradient-to-br from-sky-500 to-cyan-400 text-sm font-bold text-white"
        aria-hidden
      >
        {initial}
      </span>
      <div className={`min-w-0 ${variant === 'menu' ? 'flex-1' : 'max-w-44'}`}>
        <p className="flex items-center gap-1.5 text-sm font-semibold leading-tight text-slate-900">
          <span className={`min-w-0 wrap-anywhere ${header ? 'line-clamp-2' : ''}`} title={whole(name)} data-testid="user-name">
            {name}
          </span>
          {hasActiveSubscription(user) && <ProBadge />}
        </p>
        <p className={`${header ? 'truncate' : 'wrap-anywhere'} text-xs text-slate-500`} title={whole(user.email)} data-testid="user-email">
          {user.email}
        </p>
      </div>
      <button
        type="button"
        onClick={() => void logout()}
        className={variant === 'menu' ? `${buttonStyles.secondary} px-3` : buttonStyles.icon}
        aria-label={messages.nav.logout}
        title={messages.nav.logout}
      >
        <LogOut className="size-4" aria-hidden />
        {variant === 'menu' && <span>{messages.nav.logout}</span>}
      </button>
    </div>
  );
}
