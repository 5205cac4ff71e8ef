import type { ContentCategory } from '@clima/contract/catalog';
import { api, withQuery } from '../../../lib/api';

export interface CategoryInput {
  name: string;
  slug: string;
  description: string | null;
}

export async function fetchAdminCategories(search: string, signal?: AbortSignal): Promise<ContentCategory[]> {
  const data = await api<unknown>(withQuery('/api/admin/categories', { search }), { signal });
  return Array.isArray(data) ? (data as ContentCategory[]) : [];
}

export const createCategory = (body: CategoryInput) => api<ContentCategory>('/api/admin/categories', { method: 'POST', body: { ...body } });

export const updateCategory = (id: number, body: CategoryInput) =>
  api<ContentCategory>(`/api/admin/categories/${id}`, { method: 'PUT', body: { ...body } });

export const deleteCategory = (id: number) => api(`/api/admin/categories/${id}`, { method: 'DELETE' });
