const KEY = 'clima:return-to';

/** Where to go after the Google sign-in that is about to start (this tab only); a path on this site. */
export function rememberReturnPath(path: string): void {
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // storage refused (private mode): the callback goes home as usual
  }
}

/** The remembered path, once; null when there is none or it is not a path on this site. */
export function takeReturnPath(): string | null {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}
