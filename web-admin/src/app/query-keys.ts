/** The one query-key factory of the admin panel. */
export const adminKeys = {
  me: ['admin', 'me'] as const,
  users: {
    all: ['admin', 'users'] as const,
    list: (filters: { search: string; status: string }) => ['admin', 'users', filters] as const,
  },
  administrators: {
    all: ['admin', 'administrators'] as const,
    list: (search: string) => ['admin', 'administrators', { search }] as const,
  },
} as const;
