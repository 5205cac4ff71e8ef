import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICE_NAMES } from '@clima/common';
import { PROVIDER_ANSWER_WAIT_S } from '@clima/contract/routes';
import { fillPath, LOOKUP_BURST, LOOKUP_RATE, pathRegex, ROUTES } from '../src/routes';
import { locations, renderApiProxy, renderNginx, renderSecurityHeaders, UPSTREAM_ANSWER_TIMEOUT_S, UPSTREAM_RETRY_WINDOW_S } from '../src/render';
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

const TOKEN = 'a'.repeat(24) + '0123456789abcdef';

describe('the gateway token (GATEWAY_TOKEN)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'clima-gw-token-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const root = join(__dirname, '../..');

  it('goes only to the identity check, from a file of its own; nginx does not start without it', () => {
    const without = optionsFromEnv({ GATEWAY_RUNTIME_DIR: dir, GATEWAY_PORT: '18996' }, root);
    const file = writeGatewayConfig(without);
    expect(() => execFileSync('nginx', ['-t', '-q', '-p', dir, '-c', file, '-e', join(dir, 'error.log')], { stdio: 'pipe' })).toThrow(/identity_token\.conf/);
    writeGatewayConfig(optionsFromEnv({ GATEWAY_RUNTIME_DIR: dir, GATEWAY_PORT: '18996', GATEWAY_TOKEN: TOKEN }, root));
    expect(readFileSync(join(dir, 'identity_token.conf'), 'utf8')).toBe(`proxy_set_header x-gateway-token "${TOKEN}";\n`);
    const conf = renderNginx(without);
    expect(conf).not.toContain(TOKEN);
    expect(conf.match(/include \S*identity_token\.conf;/g)).toHaveLength(1);
    expect(conf).toMatch(/location = \/_identity \{[^}]*include \S*identity_token\.conf;/);
  });

  it('refuses a token nginx could not hold as it is', () => {
    for (const bad of ['curto', 'x'.repeat(31), `${'a'.repeat(32)}"; return 200;`, `${'a'.repeat(32)} b`]) {
      expect(() => optionsFromEnv({ GATEWAY_TOKEN: bad }, root)).toThrow(/GATEWAY_TOKEN/);
    }
  });
});

describe('request limits of the lookups (Route.lookupLimit)', () => {
  it('limit exactly the lookup routes of the table per client address, answered by a JSON 429', () => {
    const o = optionsFromEnv({ GATEWAY_RUNTIME_DIR: '/tmp/clima-gw-lookups', GATEWAY_PORT: '18995' }, join(__dirname, '../..'));
    const conf = renderNginx(o);
    expect(conf).toContain(`limit_req_zone $binary_remote_addr zone=lookups:10m rate=${LOOKUP_RATE};`);
    const limited = [...conf.matchAll(/location ~ \^([^ ]+)\$ \{\n\s+client_max_body_size [^;]+;\n\s+limit_req zone=lookups burst=(\d+) nodelay;/g)].map((m) => [m[1], Number(m[2])]);
    const expected = ROUTES.filter((r) => r.lookupLimit).map((r) => [pathRegex(r.path).slice(1, -1), LOOKUP_BURST]);
    expect(limited).toEqual(expected);
    expect(expected.map(([p]) => p)).toEqual(['/api/certificates/[^/]+/pdf', '/api/public/certificates/[^/]+']);
    const answer = conf.slice(conf.indexOf('location @too_many_requests {'));
    expect(answer.slice(0, answer.indexOf('return 429'))).toContain('add_header Retry-After 1 always;');
    expect(answer).toContain(`return 429 '{"error":"Muitas requisições. Aguarde alguns instantes e tente novamente."}';`);
  });
});

describe('how long nginx waits for a service (UPSTREAM_ANSWER_TIMEOUT_S, Route.answerWait)', () => {
  it('waits 15 s on every /api location and the identity check, the provider calls longer, the uploads 600 s; a read timeout is retried within the window', () => {
    const conf = renderNginx(optionsFromEnv({ GATEWAY_RUNTIME_DIR: '/tmp/clima-gw-waits', GATEWAY_PORT: '18994' }, join(__dirname, '../..')));
    const waits = new Map<string, string[]>();
    for (const m of conf.matchAll(/\n {4}location (?:= |~ \^)(\/api\/[^ $]+)\$? \{([\s\S]*?)\n {4}\}/g)) waits.set(m[1]!, [...m[2]!.matchAll(/proxy_read_timeout (\d+)s;/g)].map((t) => t[1]!));
    expect(waits.size).toBe(locations().length);
    const expected = new Map(locations().map((l) => [l.path.includes(':') ? pathRegex(l.path).slice(1, -1) : l.path, [String(l.stream ? 600 : (ROUTES.find((r) => r.path === l.path && r.answerWait)?.answerWait ?? UPSTREAM_ANSWER_TIMEOUT_S))]]));
    expect(Object.fromEntries(waits)).toEqual(Object.fromEntries(expected));
    // the calls to the payment provider wait for its client's three tries; nothing else waits longer than 15 s
    expect(ROUTES.filter((r) => r.answerWait).map((r) => `${r.method} ${r.path} ${r.answerWait}`)).toEqual([
      `POST /api/billing/checkout ${PROVIDER_ANSWER_WAIT_S}`,
      `POST /api/billing/portal ${PROVIDER_ANSWER_WAIT_S}`,
    ]);
    const identity = conf.slice(conf.indexOf('location = /_identity {'));
    expect(identity.slice(0, identity.indexOf('}'))).toContain(`proxy_read_timeout ${UPSTREAM_ANSWER_TIMEOUT_S}s;`);
    // a request whose answer wait ran out goes to another replica: the retry window holds one wait and a retry
    const proxy = renderApiProxy({ debugHeaders: false });
    expect(proxy).toContain('proxy_next_upstream error timeout http_502;');
    expect(proxy).toContain(`proxy_next_upstream_timeout ${UPSTREAM_RETRY_WINDOW_S}s;`);
    expect(UPSTREAM_RETRY_WINDOW_S).toBeGreaterThan(UPSTREAM_ANSWER_TIMEOUT_S);
  });
});

describe("the anonymous copies of the public lists (Route.anonymousCache)", () => {
  it('hold no cache lock: a reader that misses while another fetches the same answer is never parked for its 500-ms poll', () => {
    const conf = renderNginx(optionsFromEnv({ GATEWAY_RUNTIME_DIR: '/tmp/clima-gw-anonymous', GATEWAY_PORT: '18996' }, join(__dirname, '../..')));
    const blocks = conf.split('location @anonymous_').slice(1).map((b) => b.slice(0, b.indexOf('\n    }')));
    expect(blocks.length).toBe(new Set(ROUTES.filter((r) => r.anonymousCache).map((r) => r.service)).size);
    for (const block of blocks) {
      expect(block).toContain('proxy_cache answers;');
      expect(block).toContain('proxy_cache_lock off;');
    }
    expect(conf).not.toMatch(/proxy_cache_lock on/);
  });
});

describe('generated nginx configuration', () => {
  const dir = mkdtempSync(join(tmpdir(), 'clima-gw-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is accepted by nginx -t', () => {
    const o = optionsFromEnv({ GATEWAY_RUNTIME_DIR: dir, GATEWAY_PORT: '18999', CATALOG_UPSTREAMS: '127.0.0.1:1,127.0.0.1:2', GATEWAY_TOKEN: TOKEN }, join(__dirname, '../..'));
    const file = writeGatewayConfig(o);
    expect(() => execFileSync('nginx', ['-t', '-q', '-p', dir, '-c', file, '-e', join(dir, 'error.log')], { stdio: 'pipe' })).not.toThrow();
    const conf = renderNginx(o);
    expect(conf).toContain('server 127.0.0.1:1 ');
    expect(conf).toContain('server 127.0.0.1:2 ');
    // only the upload path accepts a 500 MB body, and streams it
    expect(conf).toMatch(/location = \/api\/admin\/upload-video \{\n\s+client_max_body_size 510m;\n\s+proxy_request_buffering off;/);
  });
});

describe('hardened edge in the generated configuration', () => {
  const dir = mkdtempSync(join(tmpdir(), 'clima-gw-edge-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const root = join(__dirname, '../..');

  it('believes X-Forwarded-For only from TRUSTED_PROXIES, adds HSTS behind https, hides X-Service unless debugging', () => {
    const o = optionsFromEnv(
      { GATEWAY_RUNTIME_DIR: dir, GATEWAY_PORT: '18998', TRUSTED_PROXIES: '10.0.0.0/8, 192.0.2.10', PUBLIC_URL: 'https://clima.example.com.br', GATEWAY_TOKEN: TOKEN },
      root,
    );
    const file = writeGatewayConfig(o);
    expect(() => execFileSync('nginx', ['-t', '-q', '-p', dir, '-c', file, '-e', join(dir, 'error.log')], { stdio: 'pipe' })).not.toThrow();
    const conf = renderNginx(o);
    expect(conf).toContain('set_real_ip_from 10.0.0.0/8;');
    expect(conf).toContain('set_real_ip_from 192.0.2.10;');
    expect(conf).toContain('real_ip_header X-Forwarded-For;');
    expect(renderSecurityHeaders(o)).toContain('Strict-Transport-Security');
    expect(renderApiProxy(o)).toContain('proxy_hide_header X-Service;');
    // the identity a service believes is the one nginx got from auth, whatever the client sent
    expect(renderApiProxy(o)).toContain('proxy_set_header x-identity-assertion $identity_assertion;');
  });

  it('without trusted proxies or https: the connection is the client, no HSTS; debugging shows X-Service', () => {
    const o = optionsFromEnv({ GATEWAY_RUNTIME_DIR: dir, GATEWAY_PORT: '18997', GATEWAY_DEBUG_HEADERS: '1' }, root);
    expect(renderNginx(o)).not.toContain('set_real_ip_from');
    expect(renderSecurityHeaders(o)).not.toContain('Strict-Transport-Security');
    expect(renderApiProxy(o)).not.toContain('proxy_hide_header X-Service;');
    expect(() => optionsFromEnv({ TRUSTED_PROXIES: 'example.com' }, root)).toThrow(/TRUSTED_PROXIES/);
  });
});
