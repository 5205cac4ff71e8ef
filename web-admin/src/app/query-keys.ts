/** The one query-key factory of the admin panel. */
export const adminKeys = {
  me: ['admin', 'me'] as const,
  stats: ['admin', 'stats'] as const,
  billing: {
    payments: (userId: string) => ['admin', 'billing', 'payments', userId] as const,
    prices: ['admin', 'billing', 'prices'] as const,
  },
  users: {
    all: ['admin', 'users'] as const,
    list: (filters: { search: string; status: string }) => ['admin', 'users', filters] as const,
  },
  contents: {
    all: ['admin', 'contents'] as const,
    list: (filters: { search: string; category: string }) => ['admin', 'contents', filters] as const,
  },
  categories: {
    all: ['admin', 'categories'] as const,
    list: (search: string) => ['admin', 'categories', { search }] as const,
  },
  administrators: {
    all: ['admin', 'administrators'] as const,
    list: (search: string) => ['admin', 'administrators', { search }] as const,
  },
  courseCategories: {
    all: ['admin', 'course-categories'] as const,
    list: (search: string) => ['admin', 'course-categories', { search }] as const,
  },
  courses: {
    all: ['admin', 'courses'] as const,
    list: (filters: { search: string; category: string }) => ['admin', 'courses', 'list', filters] as const,
    detail: (id: number) => ['admin', 'courses', 'detail', id] as const,
    lessons: (id: number) => ['admin', 'courses', 'detail', id, 'lessons'] as const,
  },
  manuals: {
    all: ['admin', 'manuals'] as const,
    list: (filters: { search: string; type: string }) => ['admin', 'manuals', filters] as const,
  },
  certificates: {
    all: ['admin', 'certificates'] as const,
    list: (search: string) => ['admin', 'certificates', { search }] as const,
  },
  audit: {
    all: ['admin', 'audit'] as const,
    list: (filters: Record<string, string | number>) => ['admin', 'audit', filters] as const,
  },
} as const;
