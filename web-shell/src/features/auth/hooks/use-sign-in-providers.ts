import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../app/query-keys';
import { fetchSignInProviders } from '../api/auth-api';

/** The sign-in methods offered; asked once per page load (a configuration, not user data). */
export const useSignInProviders = () =>
  useQuery({ queryKey: queryKeys.signInProviders, queryFn: ({ signal }) => fetchSignInProviders(signal), staleTime: Infinity });
