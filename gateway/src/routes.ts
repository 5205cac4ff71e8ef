import type { Access, ServiceName } from '@clima/common';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route {
  method: Method;
  /** Path with `:name` placeholders, exactly as the web apps call it. */
  path: string;
  service: ServiceName;
  /** Who may call it (the owning service enforces it; the authorization suite checks it). */
  access: Access;
  /** Largest request body; default 1 MB. */
  maxBody?: string;
  /** Stream the request body to the service instead of buffering it in nginx (uploads). */
  stream?: boolean;
  /** Where the route comes from: the spec's call list, or a route the product added. */
  origin?: 'spec' | 'product';
  /**
   * A public list, the same for every anonymous caller: a GET without cookies or credentials is answered by
   * nginx from its cache (a copy serves only the wall-clock second it was fetched in: one request to the service per second and query string, at most 1 s stale), without an identity
   * check (the caller is anonymous). Any signed-in caller goes to the service, which answers the very latest.
   */
  anonymousCache?: boolean;
  /**
   * A lookup anyone may repeat and that costs the service work each time (a certificate's verification, its
   * PDF): nginx allows each client address LOOKUP_RATE with a burst of LOOKUP_BURST, and answers 429 beyond.
   */
  lookupLimit?: boolean;
}

/** The per-address request limit of the lookups (Route.lookupLimit): nginx's limit_req rate and burst. */
export const LOOKUP_RATE = '5r/s';
export const LOOKUP_BURST = 20;

const r = (method: Method, path: string, service: ServiceName, access: Access, extra: Partial<Route> = {}): Route => ({
  method,
  path,
  service,
  access,
  origin: 'spec',
  ...extra,
});
const product = (method: Method, path: string, service: ServiceName, access: Access, extra: Partial<Route> = {}): Route =>
  r(method, path, service, access, { origin: 'product', ...extra });

/**
 * THE route table: which service owns each /api path. The nginx configuration is generated from it,
 * and the gateway and authorization suites walk it. A path missing here is a 404 at the gateway.
 */
export const ROUTES: Route[] = [
  // 7.1 Session and authentication
  r('GET', '/api/users/me', 'auth', 'public'),
  r('GET', '/api/logout', 'auth', 'public'),
  r('GET', '/api/oauth/google/redirect_url', 'auth', 'public'),
  r('POST', '/api/sessions', 'auth', 'public'),
  r('POST', '/api/auth/register', 'auth', 'public'),
  r('POST', '/api/auth/signin', 'auth', 'public'),
  r('POST', '/api/users/session/heartbeat', 'ranking', 'user'),
  r('PUT', '/api/users/profile', 'auth', 'user'),
  r('PUT', '/api/users/password', 'auth', 'user'),
  r('GET', '/api/admin/auth/me', 'auth', 'public'),
  r('POST', '/api/admin/auth/login', 'auth', 'public'),
  r('POST', '/api/admin/auth/logout', 'auth', 'public'),

  // 7.2 End-user data
  r('GET', '/api/contents', 'catalog', 'public', { anonymousCache: true }),
  r('GET', '/api/contents/:id', 'catalog', 'subscriber'),
  // the locked preview of a content opened from a shared link (issue 25): its words only, no video source
  product('GET', '/api/contents/:id/preview', 'catalog', 'public'),
  r('GET', '/api/categories', 'catalog', 'public', { anonymousCache: true }),
  r('GET', '/api/course-categories', 'courses', 'public', { anonymousCache: true }),
  r('GET', '/api/course-categories-with-stats', 'courses', 'public', { anonymousCache: true }),
  r('GET', '/api/courses', 'courses', 'public', { anonymousCache: true }),
  r('GET', '/api/courses/:id', 'courses', 'subscriber'),
  // the locked preview of a course opened from a shared link (issue 25): public data only, no video sources
  product('GET', '/api/courses/:id/preview', 'courses', 'public'),
  r('GET', '/api/courses/:id/lessons', 'courses', 'subscriber'),
  r('GET', '/api/courses/:id/progress', 'courses', 'subscriber'),
  r('POST', '/api/courses/:id/lessons/:lessonId/progress', 'courses', 'subscriber'),
  r('GET', '/api/ranking', 'ranking', 'user'),
  r('GET', '/api/users/me/stats', 'ranking', 'user'),
  r('GET', '/api/manuals', 'manuals', 'public', { anonymousCache: true }),
  r('GET', '/api/manufacturers', 'manuals', 'public', { anonymousCache: true }),
  r('GET', '/api/models', 'manuals', 'public', { anonymousCache: true }),
  r('POST', '/api/manuals/:id/download', 'manuals', 'subscriber'),

  // 7.3 Administration
  r('GET', '/api/admin/stats', 'auth', 'admin'),
  r('GET', '/api/admin/users', 'auth', 'admin'),
  r('PUT', '/api/admin/users/:id', 'auth', 'admin'),
  r('DELETE', '/api/admin/users/:id', 'auth', 'admin'),
  r('GET', '/api/admin/contents', 'catalog', 'admin'),
  r('POST', '/api/admin/contents', 'catalog', 'admin'),
  r('PUT', '/api/admin/contents/:id', 'catalog', 'admin'),
  r('DELETE', '/api/admin/contents/:id', 'catalog', 'admin'),
  r('PATCH', '/api/admin/contents/:id/toggle-published', 'catalog', 'admin'),
  r('GET', '/api/admin/categories', 'catalog', 'admin'),
  r('POST', '/api/admin/categories', 'catalog', 'admin'),
  r('PUT', '/api/admin/categories/:id', 'catalog', 'admin'),
  r('DELETE', '/api/admin/categories/:id', 'catalog', 'admin'),
  r('GET', '/api/admin/course-categories', 'courses', 'admin'),
  r('POST', '/api/admin/course-categories', 'courses', 'admin'),
  r('PUT', '/api/admin/course-categories/:id', 'courses', 'admin'),
  r('DELETE', '/api/admin/course-categories/:id', 'courses', 'admin'),
  r('GET', '/api/admin/courses', 'courses', 'admin'),
  r('POST', '/api/admin/courses', 'courses', 'admin'),
  r('PUT', '/api/admin/courses/:id', 'courses', 'admin'),
  r('DELETE', '/api/admin/courses/:id', 'courses', 'admin'),
  r('PATCH', '/api/admin/courses/:id/toggle-published', 'courses', 'admin'),
  r('POST', '/api/admin/upload-video', 'catalog', 'admin', { maxBody: '510m', stream: true }),
  r('GET', '/api/admin/manuals', 'manuals', 'admin'),
  r('POST', '/api/admin/manuals', 'manuals', 'admin'),
  r('PUT', '/api/admin/manuals/:id', 'manuals', 'admin'),
  r('DELETE', '/api/admin/manuals/:id', 'manuals', 'admin'),
  r('GET', '/api/admin/administrators', 'auth', 'admin'),
  r('POST', '/api/admin/administrators', 'auth', 'admin'),
  r('PUT', '/api/admin/administrators/:id', 'auth', 'admin'),
  r('DELETE', '/api/admin/administrators/:id', 'auth', 'admin'),

  // Routes the product adds to the spec's list (each explained in its service's README)
  // LGPD self-service: a copy of the user's data (ZIP), and the deletion of the account
  product('GET', '/api/users/me/export', 'auth', 'user'),
  product('DELETE', '/api/users/me', 'auth', 'user'),
  product('GET', '/api/files/videos/:name', 'catalog', 'subscriber'),
  product('GET', '/api/admin/courses/:id', 'courses', 'admin'),
  product('GET', '/api/admin/courses/:id/lessons', 'courses', 'admin'),
  product('POST', '/api/admin/courses/:id/lessons', 'courses', 'admin'),
  product('PUT', '/api/admin/courses/:id/lessons/order', 'courses', 'admin'),
  product('PUT', '/api/admin/lessons/:id', 'courses', 'admin'),
  product('DELETE', '/api/admin/lessons/:id', 'courses', 'admin'),
  product('POST', '/api/admin/upload-manual', 'manuals', 'admin', { maxBody: '105m', stream: true }),
  // the administrators' audit log, read-only (services/auth/README.md)
  product('GET', '/api/admin/audit', 'auth', 'admin'),
  product('GET', '/api/files/manuals/:name', 'manuals', 'subscriber'),
  // search inside the manuals' PDFs and their page text for the offline copy (services/manuals/README.md)
  product('GET', '/api/manuals/search', 'manuals', 'user'),
  product('GET', '/api/manuals/:id/pages', 'manuals', 'subscriber'),
  product('GET', '/api/plans', 'billing', 'public'),
  product('GET', '/api/billing/subscription', 'billing', 'user'),
  product('POST', '/api/billing/checkout', 'billing', 'user'),
  product('POST', '/api/billing/portal', 'billing', 'user'),
  product('POST', '/api/billing/webhook', 'billing', 'public', { maxBody: '1m' }),
  product('GET', '/api/billing/sandbox/checkout/:id', 'billing', 'user'),
  product('POST', '/api/billing/sandbox/checkout/:id/complete', 'billing', 'user'),
  product('GET', '/api/billing/sandbox/portal/:id', 'billing', 'user'),
  product('POST', '/api/billing/sandbox/portal/:id/:action', 'billing', 'user'),
  // Pix and boleto beside the card, receipts (services/billing/README.md)
  product('GET', '/api/billing/receipts', 'billing', 'user'),
  product('GET', '/api/billing/receipts/:number/pdf', 'billing', 'user'),
  product('GET', '/api/billing/sandbox/charge/:id', 'billing', 'user'),
  product('GET', '/api/billing/sandbox/charge/:id/boleto.pdf', 'billing', 'user'),
  product('POST', '/api/billing/sandbox/charge/:id/:action', 'billing', 'user'),
  product('GET', '/api/admin/billing/users/:id/payments', 'billing', 'admin'),
  product('GET', '/api/admin/billing/plans', 'billing', 'admin'),
  product('PUT', '/api/admin/billing/plans/:plan', 'billing', 'admin'),
  // account recovery: password reset by an e-mailed link, e-mail verification (services/auth/README.md)
  product('POST', '/api/auth/password-reset', 'auth', 'public'),
  product('POST', '/api/auth/password-reset/check', 'auth', 'public'),
  product('POST', '/api/auth/password-reset/confirm', 'auth', 'public'),
  product('POST', '/api/auth/verify-email', 'auth', 'public'),
  product('POST', '/api/users/me/verification-email', 'auth', 'user'),
  // the sign-in methods offered (Google only when configured), read by the web app's sign-in dialog
  product('GET', '/api/auth/providers', 'auth', 'public'),
  // resume where you stopped and 'Continuar assistindo' (services/catalog and services/courses READMEs)
  product('GET', '/api/contents/continue', 'catalog', 'user'),
  product('GET', '/api/contents/:id/position', 'catalog', 'user'),
  product('PUT', '/api/contents/:id/position', 'catalog', 'user'),
  product('GET', '/api/courses/continue', 'courses', 'user'),
  product('PUT', '/api/courses/:id/lessons/:lessonId/position', 'courses', 'subscriber'),
  // course certificates and their public verification (services/courses/README.md)
  product('GET', '/api/certificates', 'courses', 'user'),
  product('GET', '/api/certificates/:code/pdf', 'courses', 'user', { lookupLimit: true }),
  product('GET', '/api/public/certificates/:code', 'courses', 'public', { lookupLimit: true }),
  product('GET', '/api/admin/certificates', 'courses', 'admin'),
  product('GET', '/api/admin/certificates/:code/pdf', 'courses', 'admin'),
  product('POST', '/api/admin/certificates/:code/revoke', 'courses', 'admin'),
  // lesson quizzes and the course's final assessment (issue 27; services/courses/README.md)
  product('GET', '/api/courses/:id/lessons/:lessonId/quiz', 'courses', 'subscriber'),
  product('POST', '/api/courses/:id/lessons/:lessonId/quiz/attempts', 'courses', 'subscriber'),
  product('GET', '/api/courses/:id/assessment', 'courses', 'subscriber'),
  product('POST', '/api/courses/:id/assessment/attempts', 'courses', 'subscriber'),
  product('POST', '/api/courses/:id/assessment/attempts/:attemptId/submit', 'courses', 'subscriber'),
  product('GET', '/api/admin/lessons/:id/quiz', 'courses', 'admin'),
  product('POST', '/api/admin/lessons/:id/quiz/questions', 'courses', 'admin'),
  product('PUT', '/api/admin/lessons/:id/quiz/order', 'courses', 'admin'),
  product('GET', '/api/admin/lessons/:id/quiz/stats', 'courses', 'admin'),
  product('GET', '/api/admin/courses/:id/assessment', 'courses', 'admin'),
  product('PUT', '/api/admin/courses/:id/assessment', 'courses', 'admin'),
  product('DELETE', '/api/admin/courses/:id/assessment', 'courses', 'admin'),
  product('POST', '/api/admin/courses/:id/assessment/questions', 'courses', 'admin'),
  product('PUT', '/api/admin/courses/:id/assessment/order', 'courses', 'admin'),
  product('GET', '/api/admin/courses/:id/assessment/stats', 'courses', 'admin'),
  product('PUT', '/api/admin/quiz-questions/:id', 'courses', 'admin'),
  product('DELETE', '/api/admin/quiz-questions/:id', 'courses', 'admin'),
  product('POST', '/api/admin/quiz-images', 'courses', 'admin', { maxBody: '6m', stream: true }),
  product('GET', '/api/files/quiz-images/:name', 'courses', 'subscriber'),
  // the session check the web apps make on every load: 200 for anonymous visitors too
  product('GET', '/api/session', 'auth', 'public'),
  // the API's own description, generated from the contract (services/auth/README.md)
  product('GET', '/api/docs', 'auth', 'public'),
  product('GET', '/api/docs/openapi.json', 'auth', 'public'),
];

/** The regular expression nginx matches for a route path. */
export function pathRegex(path: string): string {
  return `^${path.replace(/[.]/g, '\\.').replace(/:[A-Za-z]+/g, '[^/]+')}$`;
}

/** Fills a route's placeholders (for tests and the authorization matrix). */
export function fillPath(path: string, values: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, k: string) => String(values[k] ?? 1));
}
