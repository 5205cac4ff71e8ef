import { QueryClient } from '@tanstack/react-query';

/** The panel's own cache: admin data never mixes with the subscriber app's. */
export const adminQueryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 15_000, retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
