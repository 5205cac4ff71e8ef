import { ChevronsLeft, ChevronsRight, LogOut, Menu, Snowflake, X } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { NavLink, Navigate, Outlet, useLocation, useNavigate } from '@clima/router';
import { messages } from '../../../i18n/messages';
import { PageSpinner } from '@clima/web-kit/spinner';
import { useAdminAuth } from '../../auth/hooks/use-admin-auth';
import { SaveNoticeProvider } from '../../../shared/ui/save-notice';
import { ADMIN_NAV } from './nav-items';

const m = messages.shell;

function Sidebar({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { admin, logout } = useAdminAuth();
  const navigate = useNavigate();
  const onLogout = async () => {
    await logout();
    navigate('/admin', { replace: true });
  };

  return (
    <div className="flex h-full flex-col bg-slate-900 text-slate-300">
      <div className={`flex h-16 items-center gap-2.5 border-b border-white/10 ${collapsed ? 'justify-center' : 'px-5'}`}>
        <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-gradient-to-br from-sky-500 to-cyan-400 text-white">
          <Snowflake className="size-5" aria-hidden />
        </span>
        {!collapsed && (
          <span className="font-bold text-white">
            {m.brand} <span className="font-medium text-sky-300">{m.brandSub}</span>
          </span>
        )}
      </div>
      <nav aria-label={m.nav} className="flex-1 space-y-1 overflow-y-auto p-2.5">
        {ADMIN_NAV.map(({ to, label, icon: Icon }) => (
          <NavLink
            key={to}
            to={to}
            onClick={onNavigate}
            title={collapsed ? label : undefined}
            aria-label={collapsed ? label : undefined}
            className={({ isActive }) =>
              `flex items-center gap-3 rounded-xl py-2.5 text-sm font-medium transition-colors ${collapsed ? 'justify-center px-0' : 'px-3'} ${
                isActive ? 'bg-sky-700 text-white shadow-sm' : 'hover:bg-white/5 hover:text-white'
              }`
            }
          >
            <Icon className="size-5 shrink-0" aria-hidden />
            {!collapsed && <span className="wrap-anywhere">{label}</span>}
          </NavLink>
        ))}
      </nav>
      <div className="border-t border-white/10 p-2.5">
        <div className={`flex items-center gap-3 rounded-xl p-2 ${collapsed ? 'flex-col' : ''}`}>
          <span
            className="grid size-9 shrink-0 place-items-center rounded-full bg-white/10 text-sm font-bold uppercase text-white"
            aria-hidden
          >
            {admin?.username.charAt(0) ?? '?'}
          </span>
          {!collapsed && (
            <div className="min-w-0 flex-1">
              <p className="wrap-anywhere text-sm font-semibold text-white" data-testid="admin-username">
                {admin?.username}
              </p>
              <p className="text-xs text-slate-400">{m.role}</p>
            </div>
          )}
          <button
            type="button"
            onClick={() => void onLogout()}
            aria-label={m.logout}
            title={m.logout}
            className="grid size-9 shrink-0 place-items-center rounded-lg text-slate-400 hover:bg-white/10 hover:text-white"
          >
            <LogOut className="size-4" aria-hidden />
          </button>
        </div>
      </div>
    </div>
  );
}

/** Admin shell: collapsible sidebar (w-16 / w-64), mobile drawer; redirects to /admin without a session. */
export function AdminLayout() {
  const { admin, loading } = useAdminAuth();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();

  useEffect(() => setDrawerOpen(false), [location.pathname]);
  // The drawer is a dialog: focus moves in and stays there, Escape closes it, focus goes back to the menu button.
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!drawerOpen) return;
    const panel = drawer.current;
    panel?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setDrawerOpen(false);
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const items = Array.from(panel.querySelectorAll<HTMLElement>('a[href], button:not([disabled])'));
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && (document.activeElement === first || !panel.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !panel.contains(document.activeElement))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const opener = menuButton.current;
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [drawerOpen]);

  if (loading) return <PageSpinner label={messages.common.loading} />;
  if (!admin) return <Navigate to="/admin" replace />;

  return (
    <div className="min-h-dvh bg-slate-50 lg:flex">
      {/* Desktop: collapsible rail. */}
      <aside
        className={`sticky top-0 hidden h-dvh shrink-0 transition-[width] duration-200 lg:block ${collapsed ? 'w-16' : 'w-64'}`}
        data-testid="admin-sidebar"
        data-collapsed={collapsed}
      >
        <Sidebar collapsed={collapsed} />
        <button
          type="button"
          onClick={() => setCollapsed((c) => !c)}
          aria-label={collapsed ? m.expand : m.collapse}
          aria-expanded={!collapsed}
          className="absolute -right-3 top-20 grid size-6 place-items-center rounded-full border border-slate-300 bg-white text-slate-700 shadow hover:text-slate-900"
        >
          {collapsed ? <ChevronsRight className="size-3.5" aria-hidden /> : <ChevronsLeft className="size-3.5" aria-hidden />}
        </button>
      </aside>

      {/* Phone and tablet: top bar and drawer. */}
      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white px-4 lg:hidden" data-admin-topbar>
        <button
          ref={menuButton}
          type="button"
          onClick={() => setDrawerOpen(true)}
          aria-label={m.openMenu}
          aria-expanded={drawerOpen}
          className="grid size-10 place-items-center rounded-xl text-slate-700 hover:bg-slate-100"
        >
          <Menu className="size-6" aria-hidden />
        </button>
        <span className="font-bold text-slate-900">
          {m.brand} <span className="font-medium text-sky-700">{m.brandSub}</span>
        </span>
      </header>
      {drawerOpen && (
        <div className="fixed inset-0 z-40 lg:hidden">
          <div className="absolute inset-0 bg-slate-900/50" aria-hidden onClick={() => setDrawerOpen(false)} />
          <div ref={drawer} role="dialog" aria-modal="true" aria-label={m.nav} className="absolute inset-y-0 left-0 w-64 shadow-2xl">
            <Sidebar collapsed={false} onNavigate={() => setDrawerOpen(false)} />
            <button
              type="button"
              onClick={() => setDrawerOpen(false)}
              data-autofocus
              aria-label={m.closeMenu}
              className="absolute right-2 top-3.5 grid size-9 place-items-center rounded-lg text-slate-300 hover:bg-white/10"
            >
              <X className="size-5" aria-hidden />
            </button>
          </div>
        </div>
      )}

      <main className="min-w-0 flex-1 px-4 py-6 sm:px-8 sm:py-8">
        <SaveNoticeProvider>
          <Suspense fallback={<PageSpinner label={messages.common.loading} />}>
            <Outlet />
          </Suspense>
        </SaveNoticeProvider>
      </main>
    </div>
  );
}
