import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICE_NAMES } from '@clima/common';
import { fillPath, pathRegex, ROUTES } from '../src/routes';
import { locations, renderNginx } from '../src/render';
import { optionsFromEnv, writeGatewayConfig } from '../src/cli';

describe('route table', () => {
  it('gives each path one owner and only known services', () => {
    expect(() => locations()).not.toThrow();
    for (const r of ROUTES) expect(SERVICE_NAMES).toContain(r.service);
  });

  it('has every call of spec section 7 exactly once', () => {
    const keys = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(ROUTES.filter((r) => r.origin === 'spec')).toHaveLength(59);
  });

  it('keeps admin paths admin-only', () => {
    for (const r of ROUTES.filter((x) => x.path.startsWith('/api/admin/') && !x.path.startsWith('/api/admin/auth/'))) {
      expect(`${r.method} ${r.path} ${r.access}`).toBe(`${r.method} ${r.path} admin`);
    }
  });

  it('matches placeholders as one path segment', () => {
    const re = new RegExp(pathRegex('/api/courses/:id/lessons/:lessonId/progress'));
    expect(re.test(fillPath('/api/courses/:id/lessons/:lessonId/progress', { id: 3, lessonId: 9 }))).toBe(true);
    expect(re.test('/api/courses/3/lessons/9/progress/x')).toBe(false);
    expect(re.test('/api/courses/3/x/lessons/9/progress')).toBe(false);
  });
});

describe('generated nginx configuration', () => {
  const dir = mkdtempSync(join(tmpdir(), 'clima-gw-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is accepted by nginx -t', () => {
    const o = optionsFromEnv({ GATEWAY_RUNTIME_DIR: dir, GATEWAY_PORT: '18999', CATALOG_UPSTREAMS: '127.0.0.1:1,127.0.0.1:2' }, join(__dirname, '../..'));
    const file = writeGatewayConfig(o);
    expect(() => execFileSync('nginx', ['-t', '-q', '-p', dir, '-c', file, '-e', join(dir, 'error.log')], { stdio: 'pipe' })).not.toThrow();
    const conf = renderNginx(o);
    expect(conf).toContain('server 127.0.0.1:1 ');
    expect(conf).toContain('server 127.0.0.1:2 ');
    // only the upload path accepts a 500 MB body, and streams it
    expect(conf).toMatch(/location = \/api\/admin\/upload-video \{\n\s+client_max_body_size 510m;\n\s+proxy_request_buffering off;/);
  });
});
