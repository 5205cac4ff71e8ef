import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** What every admin list-and-edit resource declares once; the hooks below are derived from it. */
export interface AdminResource<F, T, Id, Body, Saved> {
  /** The resource's key family: every query under `all` is read again after a change. */
  keys: { all: QueryKey; list: (filters: F) => QueryKey };
  list: (filters: F, signal: AbortSignal) => Promise<T[]>;
  create?: (body: Body) => Promise<Saved>;
  update?: (id: Id, body: Body) => Promise<Saved>;
  remove?: (id: Id) => Promise<unknown>;
  /** Other lists that show this resource (names on cards, counts on the dashboard). */
  alsoRefresh?: readonly QueryKey[];
  /** Console texts of the message catalogue, one per operation. */
  logs: { load: string; save?: string; delete?: string };
  /** A failed load reads as an empty list (spec section 8) unless the page shows its own error. */
  failedLoad?: 'empty' | 'error';
  /** Reads the list again while it returns a number of ms (e.g. while a file is being processed). */
  refetchInterval?: (items: T[] | undefined) => number | false;
}

export interface SaveArgs<Id, Body> {
  /** null creates. */
  id: Id | null;
  body: Body;
}

/**
 * One set of hooks per resource kind: the list (search/filters, previous page kept while the next loads),
 * save (create or update), delete, and any other change (publish toggles…), all refreshing the same keys.
 */
export function defineAdminResource<F, T, Id = number, Body = unknown, Saved = unknown>(resource: AdminResource<F, T, Id, Body, Saved>) {
  function useList(filters: F, enabled: boolean) {
    return useQuery({
      queryKey: resource.keys.list(filters),
      queryFn: async ({ signal }) => {
        try {
          return await resource.list(filters, signal);
        } catch (err) {
          if (!signal.aborted) console.error(resource.logs.load, err);
          if (resource.failedLoad === 'error') throw err;
          return [];
        }
      },
      enabled,
      placeholderData: keepPreviousData,
      refetchInterval: resource.refetchInterval ? (query) => resource.refetchInterval!(query.state.data) : undefined,
    });
  }

  function useRefresh() {
    const queryClient = useQueryClient();
    return () => Promise.all([resource.keys.all, ...(resource.alsoRefresh ?? [])].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  }

  /** Any change to the resource: logged when it fails, the lists read again once it settles. */
  function useChange<V, R>(change: (variables: V) => Promise<R>, log: string) {
    const refresh = useRefresh();
    return useMutation({
      mutationFn: change,
      onError: (err) => console.error(log, err),
      onSettled: refresh,
    });
  }

  function useSave() {
    return useChange(({ id, body }: SaveArgs<Id, Body>): Promise<Saved> => {
      if (id === null) return required(resource.create, 'create')(body);
      return required(resource.update, 'update')(id, body);
    }, resource.logs.save ?? resource.logs.load);
  }

  function useDelete() {
    return useChange((id: Id) => required(resource.remove, 'remove')(id), resource.logs.delete ?? resource.logs.load);
  }

  return { useList, useSave, useDelete, useChange, useRefresh };
}

function required<Fn>(fn: Fn | undefined, name: string): Fn {
  if (!fn) throw new Error(`resource without ${name}`);
  return fn;
}
