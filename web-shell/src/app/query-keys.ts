/** The one query-key factory of the app: every query and invalidation goes through it. */
export const queryKeys = {
  me: ['auth', 'me'] as const,
  courseCategories: (search: string) => ['course-categories', { search }] as const,
  category: (slug: string) => ['course-category', slug] as const,
  categoryCourses: (slug: string) => ['courses', { category: slug }] as const,
  course: (id: string) => ['course', id] as const,
  courseLessons: (id: string) => ['course', id, 'lessons'] as const,
  courseProgress: (id: string) => ['course', id, 'progress'] as const,
  contents: (filters: { search: string; category: string }) => ['contents', filters] as const,
  content: (id: string) => ['content', id] as const,
  contentCategories: ['categories'] as const,
  ranking: ['ranking'] as const,
  ownStats: ['ranking', 'me'] as const,
  manufacturers: ['manufacturers'] as const,
  models: (manufacturer: string) => ['models', manufacturer] as const,
  manuals: (filters: { search: string; manufacturer: string; model: string; type: string }) => ['manuals', filters] as const,
} as const;
