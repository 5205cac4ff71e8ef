import type { ContentCategory } from '@clima/contract/catalog';
import { api, asList } from '../../../lib/api';

export interface CategoryInput {
  name: string;
  slug: string;
  description: string | null;
}

export async function fetchAdminCategories(search: string, signal?: AbortSignal): Promise<ContentCategory[]> {
  return asList(api.get('/api/admin/categories', { query: { search }, signal }));
}

export const createCategory = (body: CategoryInput): Promise<ContentCategory> => api.post('/api/admin/categories', { body: { ...body } });

export const updateCategory = (id: number, body: CategoryInput): Promise<ContentCategory> =>
  api.put('/api/admin/categories/:id', { params: { id }, body: { ...body } });

export const deleteCategory = (id: number) => api.delete('/api/admin/categories/:id', { params: { id } });
