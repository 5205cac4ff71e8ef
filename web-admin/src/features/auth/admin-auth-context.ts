import type { AdminLoginBody, AdminMe } from '@clima/contract/auth';
import { createContext } from 'react';

export interface AdminAuthContextValue {
  admin: AdminMe | null;
  /** True while the existing admin session is being checked. */
  loading: boolean;
  /** Resolves true on success, false otherwise (the screen shows 'Credenciais inválidas'). */
  login: (body: AdminLoginBody) => Promise<boolean>;
  /** Always clears the admin, even if the call fails. */
  logout: () => Promise<void>;
}

export const AdminAuthContext = createContext<AdminAuthContextValue | null>(null);
