import { useCallback, useEffect, useRef, useState } from 'react';

export interface TimedMessage {
  tone: 'success' | 'error';
  text: string;
}

/** A success or error message that disappears by itself (spec 2.13: after 5 seconds). */
export function useTimedMessage(durationMs = 5000) {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const show = useCallback(
    (tone: TimedMessage['tone'], text: string) => {
      window.clearTimeout(timer.current);
      setMessage({ tone, text });
      timer.current = window.setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );

  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    setMessage(null);
  }, []);

  useEffect(() => () => window.clearTimeout(timer.current), []);
  return { message, show, clear };
}
