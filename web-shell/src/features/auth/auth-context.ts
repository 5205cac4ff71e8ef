import type { Me } from '@clima/contract/auth';
import { createContext } from 'react';

export interface AuthContextValue {
  user: Me | null;
  /** True until the first user fetch ends (successfully or not). */
  isPending: boolean;
  /** True while any user fetch runs; concurrent fetches are merged into one. */
  isFetching: boolean;
  /**
   * True when the last session check found no network: `user` is then the last session this browser saw
   * confirmed (or null without one), for reading only, until the server answers again (re-checked on the
   * browser's `online` event and every 30 s).
   */
  isOffline: boolean;
  fetchUser: () => Promise<Me | null>;
  logout: () => Promise<void>;
  /** Asks the API for the Google authorisation URL and navigates there. */
  redirectToLogin: () => Promise<void>;
  /** Exchanges the `code` of the current URL for a session (once per page load), then refetches the user. */
  exchangeCodeForSessionToken: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
