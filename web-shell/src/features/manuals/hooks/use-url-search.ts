import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from '@clima/router';
import { useDebouncedValue } from '@clima/web-kit/use-debounced-value';
import { MAX_QUERY_LENGTH } from '../search/text-search';

/**
 * A search kept in the address (`?q=E4`), so that coming back from the viewer shows the same results
 * and a search can be shared. The field updates the address as the user types (debounced, replacing
 * the history entry) and at once on submit; back/forward put the address's search back in the field.
 */
export function useUrlSearch(param = 'q') {
  const [params, setParams] = useSearchParams();
  const inUrl = (params.get(param) ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  const [draft, setDraft] = useState(inUrl);
  const written = useRef(inUrl);
  // the router gives a new setter whenever the address changes: read the latest through a ref, so that
  // the debounced commit below runs when the typed text settles, not when the address changes
  const setParamsRef = useRef(setParams);
  useEffect(() => {
    setParamsRef.current = setParams;
  }, [setParams]);

  useEffect(() => {
    if (inUrl === written.current) return;
    written.current = inUrl;
    setDraft(inUrl);
  }, [inUrl]);

  const commit = useCallback(
    (value: string) => {
      const next = value.trim().slice(0, MAX_QUERY_LENGTH);
      if (next === written.current) return;
      written.current = next;
      setParamsRef.current(
        (prev) => {
          const updated = new URLSearchParams(prev);
          if (next) updated.set(param, next);
          else updated.delete(param);
          return updated;
        },
        { replace: true },
      );
    },
    [param],
  );

  const debounced = useDebouncedValue(draft, 400);
  useEffect(() => commit(debounced), [debounced, commit]);

  return { draft, setDraft, query: inUrl, submit: () => commit(draft) };
}
