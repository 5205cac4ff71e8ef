import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../app/query-keys';
import { fetchManuals, fetchManufacturers, fetchModels, type ManualFilters } from '../api/manuals-api';

export const useManuals = (filters: ManualFilters, enabled: boolean) =>
  useQuery({ queryKey: queryKeys.manuals(filters), queryFn: ({ signal }) => fetchManuals(filters, signal), enabled, placeholderData: keepPreviousData });
export const useManufacturers = () => useQuery({ queryKey: queryKeys.manufacturers, queryFn: fetchManufacturers, staleTime: 5 * 60_000 });
export const useModels = (manufacturer: string) =>
  useQuery({ queryKey: queryKeys.models(manufacturer), queryFn: () => fetchModels(manufacturer), enabled: manufacturer !== '' });
