import { QueryClientProvider } from '@tanstack/react-query';
import { adminQueryClient } from './app/query-client';
import { AdminRoutes } from './admin-routes';
import { AdminAuthProvider } from './features/auth/components/admin-auth-provider';
import './admin.css';

/**
 * The one exposed module of the remote: the whole admin panel. It renders inside the host's router
 * (react-router is a shared singleton) and brings its own query cache.
 */
export default function AdminApp() {
  return (
    <QueryClientProvider client={adminQueryClient}>
      <AdminAuthProvider>
        <AdminRoutes />
      </AdminAuthProvider>
    </QueryClientProvider>
  );
}
