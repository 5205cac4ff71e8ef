import { ENDPOINTS } from './endpoints';
import { ROUTES } from './routes';
import { ACCESS_EXTENSION, openApiDocument, openApiPath } from './openapi';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of the document as `METHOD /path access`. */
function documented(): string[] {
  const out: string[] = [];
  for (const [path, item] of Object.entries(openApiDocument().paths ?? {})) {
    for (const m of METHODS) {
      const op = item[m] as Record<string, unknown> | undefined;
      if (op) out.push(`${m.toUpperCase()} ${path} ${String(op[ACCESS_EXTENSION])}`);
    }
  }
  return out.sort();
}

describe('OpenAPI document', () => {
  // derived from the one route table (routes.ts); gateway/test/route-table.spec.ts checks the derivation row by row
  it('describes exactly the routes of the route table, with the same methods and access', () => {
    const table = ROUTES.map((r) => `${r.method} ${openApiPath(r.path)} ${r.access}`).sort();
    expect(documented()).toEqual(table);
  });

  it('is OpenAPI 3.1 with an answer schema for every operation and security for every signed-in one', () => {
    const doc = openApiDocument();
    expect(doc.openapi).toBe('3.1.0');
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const m of METHODS) {
        const op = item[m];
        if (!op) continue;
        const ok = Object.entries(op.responses ?? {}).find(([status]) => status.startsWith('2'));
        expect([`${m} ${path}`, ok && 'content' in ok[1] ? Object.keys(ok[1].content ?? {}).length : 0]).toEqual([`${m} ${path}`, 1]);
        const access = (op as Record<string, unknown>)[ACCESS_EXTENSION];
        expect([`${m} ${path}`, access === 'public' ? undefined : op.security?.length]).toEqual([`${m} ${path}`, access === 'public' ? undefined : expect.any(Number)]);
      }
    }
  });

  it('documents the request schemas of the contract (body, query, path placeholders)', () => {
    const paths = openApiDocument().paths ?? {};
    const register = paths['/api/auth/register']?.post;
    const body = register?.requestBody as { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
    expect(Object.keys(body.content['application/json']!.schema.properties ?? {}).sort()).toEqual(['email', 'name', 'password']);
    const contents = paths['/api/contents']?.get;
    expect((contents?.parameters ?? []).map((p) => ('name' in p ? `${p.in}:${p.name}` : '')).sort()).toEqual(['query:category', 'query:search']);
    const lesson = paths['/api/courses/{id}/lessons/{lessonId}/progress']?.post;
    expect((lesson?.parameters ?? []).map((p) => ('name' in p ? `${p.in}:${p.name}` : '')).sort()).toEqual(['path:id', 'path:lessonId']);
    const upload = paths['/api/admin/upload-video']?.post?.requestBody as { content: Record<string, unknown> };
    expect(Object.keys(upload.content)).toEqual(['multipart/form-data']);
  });

  it('keys every endpoint as METHOD /path', () => {
    for (const key of Object.keys(ENDPOINTS)) expect(key).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/api\/\S*$/);
  });
});
