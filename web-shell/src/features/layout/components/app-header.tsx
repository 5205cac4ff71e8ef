import { CloudRain, Menu, Sun, Wind, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { NavLink, useLocation } from '@clima/router';
import { messages } from '../../../i18n/messages';
import { buttonStyles } from '@clima/web-kit/button';
import { useAuth } from '../../auth/hooks/use-auth';
import { useSignInDialog } from '../../auth/hooks/use-sign-in-dialog';
import { Brand } from './brand';
import { NAV_ITEMS } from './nav-items';
import { UserBlock } from './user-block';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-sky-50 text-sky-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
  }`;

export function TaglineBar() {
  return (
    <div className="bg-gradient-to-r from-sky-800 via-sky-700 to-cyan-700 text-white">
      <p className="mx-auto flex max-w-7xl items-center justify-center gap-2 px-4 py-1.5 text-center text-xs font-medium sm:text-sm">
        <CloudRain className="size-4 shrink-0 text-sky-200" aria-hidden />
        <Sun className="size-4 shrink-0 text-amber-300" aria-hidden />
        <Wind className="size-4 shrink-0 text-cyan-200" aria-hidden />
        <span>{messages.app.tagline}</span>
      </p>
    </div>
  );
}

/** 'Entrar' beside the menu button for visitors on a phone or tablet (the full header has its own). */
function PhoneSignIn() {
  const { user, isPending } = useAuth();
  const { openSignIn } = useSignInDialog();
  if (isPending || user) return null;
  return (
    <button type="button" onClick={() => openSignIn('login')} className={`${buttonStyles.primary} min-h-11 px-4 py-2`}>
      {messages.nav.signIn}
    </button>
  );
}

export function AppHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur" data-app-header>
      <div className="mx-auto flex h-header max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Brand />
        <nav aria-label={messages.nav.mainNav} className="hidden items-center gap-0.5 xl:flex">
          {NAV_ITEMS.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className={linkClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden xl:block">
          <UserBlock variant="header" />
        </div>
        <div className="flex items-center gap-2 xl:hidden">
          <PhoneSignIn />
          <button
            type="button"
            className="grid size-11 place-items-center rounded-xl text-slate-700 hover:bg-slate-100"
            aria-label={menuOpen ? messages.nav.closeMenu : messages.nav.openMenu}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
          </button>
        </div>
      </div>

      {menuOpen && (
        <div id="mobile-menu" className="border-t border-slate-200 bg-white px-4 pb-5 pt-3 shadow-lg xl:hidden">
          <nav aria-label={messages.nav.mainNav} className="grid gap-1">
            {NAV_ITEMS.map(({ to, label, icon: Icon, end }) => (
              <NavLink
                key={to}
                to={to}
                end={end}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-xl px-3 py-3 text-base font-medium ${
                    isActive ? 'bg-sky-50 text-sky-700' : 'text-slate-700 hover:bg-slate-50'
                  }`
                }
              >
                <Icon className="size-5" aria-hidden />
                {label}
              </NavLink>
            ))}
          </nav>
          <div className="mt-4 border-t border-slate-100 pt-4">
            <UserBlock variant="menu" />
          </div>
        </div>
      )}
    </header>
  );
}
