import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../../app/query-keys';
import { fetchMyCertificates, fetchPublicCertificate } from '../api/certificates-api';

/** How long a course page keeps asking for a certificate that is being issued. */
const WAIT_MS = 60_000;

/**
 * The caller's certificates. `waitFor` (a course id) asks again every 2 s, for a minute at most, until that
 * course's certificate is there: it is issued a moment after the last lesson is completed.
 */
export function useMyCertificates(enabled: boolean, waitFor?: number) {
  const [since] = useState(() => Date.now());
  return useQuery({
    queryKey: queryKeys.myCertificates,
    queryFn: ({ signal }) => fetchMyCertificates(signal),
    enabled,
    refetchInterval: (query) => {
      if (waitFor === undefined || Date.now() - since > WAIT_MS) return false;
      return query.state.data?.some((c) => c.course_id === waitFor) ? false : 2000;
    },
  });
}

export const usePublicCertificate = (code: string) =>
  useQuery({ queryKey: queryKeys.publicCertificate(code), queryFn: ({ signal }) => fetchPublicCertificate(code, signal), retry: 1 });
