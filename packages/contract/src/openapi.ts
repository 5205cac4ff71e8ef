import { OpenApiGeneratorV31, OpenAPIRegistry, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ErrorBody } from './common';
import { ENDPOINTS, type Endpoint, type EndpointAccess } from './endpoints';

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

/** Who may call an operation, as the route table says; also mirrored in `security`. */
export const ACCESS_EXTENSION = 'x-access';

const SECURITY: Record<EndpointAccess, Record<string, string[]>[] | undefined> = {
  public: undefined,
  user: [{ userSession: [] }],
  subscriber: [{ userSession: [] }],
  // an administrator's session, or an end user's with the administrator flag
  admin: [{ adminSession: [] }, { userSession: [] }],
};

const ERRORS: Record<EndpointAccess, number[]> = {
  public: [400],
  user: [400, 401],
  subscriber: [400, 401, 403, 404],
  admin: [400, 401, 403, 404],
};

/** `/api/courses/:id` → `/api/courses/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

function answerContent(e: Endpoint) {
  switch (e.kind ?? 'json') {
    case 'html':
      return { 'text/html': { schema: e.answer } };
    case 'file':
      return { 'application/octet-stream': { schema: e.answer } };
    default:
      return { 'application/json': { schema: e.answer } };
  }
}

function routeConfig(key: string, e: Endpoint): RouteConfig {
  const [method, path] = key.split(' ') as [string, string];
  const names = [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  const params = names.length ? z.object(Object.fromEntries(names.map((n) => [n, z.string()]))) : undefined;
  const body = e.multipart
    ? { content: { 'multipart/form-data': { schema: z.object({ [e.multipart]: z.string().describe('Arquivo') }) } }, required: true }
    : e.body
      ? { content: { 'application/json': { schema: e.body } } }
      : undefined;
  const errors = Object.fromEntries(
    ERRORS[e.access].map((status) => [String(status), { description: 'Erro em português', content: { 'application/json': { schema: ErrorBody } } }]),
  );
  return {
    method: method.toLowerCase() as RouteConfig['method'],
    path: openApiPath(path),
    tags: [e.tag],
    summary: e.summary,
    security: SECURITY[e.access],
    [ACCESS_EXTENSION]: e.access,
    request: {
      ...(params ? { params } : {}),
      ...(e.query ? { query: e.query as z.ZodObject } : {}),
      ...(body ? { body } : {}),
    },
    responses: {
      [String(e.status ?? 200)]: { description: e.summary, content: answerContent(e) },
      ...errors,
    },
  } as RouteConfig;
}

let cached: OpenApiDocument | undefined;

/** The OpenAPI 3.1 document of the whole API, generated from the contract's schemas (built once). */
export function openApiDocument(): OpenApiDocument {
  if (cached) return cached;
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'userSession', { type: 'apiKey', in: 'cookie', name: 'clima_sid', description: 'Sessão do usuário' });
  registry.registerComponent('securitySchemes', 'adminSession', { type: 'apiKey', in: 'cookie', name: 'clima_asid', description: 'Sessão do administrador' });
  for (const [key, e] of Object.entries(ENDPOINTS as unknown as Record<string, Endpoint>)) registry.registerPath(routeConfig(key, e));
  cached = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Clima Pro API',
      version: '1.0.0',
      description: 'A API da plataforma Clima Pro. Erros respondem `{ "error": "…" }` em português.',
    },
    servers: [{ url: '/' }],
  });
  return cached;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const ACCESS_LABEL: Record<string, string> = {
  public: 'público',
  user: 'usuário logado',
  subscriber: 'assinante ativo',
  admin: 'administrador',
};

/**
 * The readable page of /api/docs: the operations grouped by tag, each with who may call it and its
 * schemas. Self-contained (no script, no external asset), so it works under the gateway's CSP and offline.
 */
export function openApiPage(doc: OpenApiDocument = openApiDocument()): string {
  type Op = { method: string; path: string; op: Record<string, unknown> & { tags?: string[]; summary?: string } };
  const byTag = new Map<string, Op[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const op = item[method] as Op['op'] | undefined;
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'API';
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, op }]);
    }
  }
  const json = (v: unknown) => escapeHtml(JSON.stringify(v, null, 2));
  const section = ([tag, ops]: [string, Op[]]) =>
    `<section><h2>${escapeHtml(tag)}</h2>${ops
      .map(
        ({ method, path, op }) =>
          `<details><summary><b class="m ${method}">${method.toUpperCase()}</b> <code>${escapeHtml(path)}</code> — ${escapeHtml(String(op.summary ?? ''))}` +
          ` <i>(${escapeHtml(ACCESS_LABEL[String(op[ACCESS_EXTENSION])] ?? String(op[ACCESS_EXTENSION]))})</i></summary>` +
          `${op.parameters ? `<h3>Parâmetros</h3><pre>${json(op.parameters)}</pre>` : ''}` +
          `${op.requestBody ? `<h3>Corpo</h3><pre>${json(op.requestBody)}</pre>` : ''}` +
          `<h3>Respostas</h3><pre>${json(op.responses)}</pre></details>`,
      )
      .join('')}</section>`;
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} — documentação</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:16px;color:#1f2937}
h2{border-bottom:1px solid #e5e7eb;margin-top:32px}h3{font-size:13px;margin:12px 0 4px}
details{border:1px solid #e5e7eb;border-radius:6px;margin:6px 0;padding:6px 10px}summary{cursor:pointer;overflow-wrap:anywhere}
pre{background:#f9fafb;font-size:12px;overflow:auto;padding:8px}i{color:#6b7280}
.m{display:inline-block;min-width:56px;font-size:12px}.get{color:#047857}.post{color:#1d4ed8}.put,.patch{color:#b45309}.delete{color:#b91c1c}
</style></head><body>
<h1>${escapeHtml(doc.info.title)}</h1>
<p>${escapeHtml(doc.info.description ?? '')} O documento OpenAPI 3.1: <a href="/api/docs/openapi.json">/api/docs/openapi.json</a>.</p>
${[...byTag].map(section).join('\n')}
</body></html>
`;
}
