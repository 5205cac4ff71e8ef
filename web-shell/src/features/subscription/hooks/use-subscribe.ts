import { useCallback } from 'react';
import { useNavigate } from '@clima/router';

/**
 * What every "subscribe" button does. For now it opens the plans page; the trial/checkout dialog
 * of spec 2.4 (billing issue) replaces this single function.
 */
export function useSubscribe(): () => void {
  const navigate = useNavigate();
  return useCallback(() => navigate('/subscription'), [navigate]);
}
