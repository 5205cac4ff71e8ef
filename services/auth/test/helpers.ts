import request, { Response } from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ASSERTION_HEADER, AssertedIdentity, createServiceApp, verifierFromEnv } from '@clima/common';
import { randomBytes } from 'node:crypto';
import { AppModule } from '../src/app.module';
import { AuthConfig, loadAuthConfig } from '../src/config';
import { AdministratorsService } from '../src/administrators/administrators.service';

export const PUBLIC_ORIGIN = 'http://localhost:8080';

export async function bootApp(env: NodeJS.ProcessEnv = {}): Promise<{ app: NestFastifyApplication; config: AuthConfig }> {
  const config = loadAuthConfig({ ...process.env, PUBLIC_URL: PUBLIC_ORIGIN, ...env });
  const app = await createServiceApp(AppModule.forRoot(config), config, { rpc: true });
  return { app, config };
}

export const unique = (label = 'u') => `${label}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
export const uniqueEmail = (label = 'tecnico') => `${unique(label)}@exemplo.com.br`;
export const randomIp = () => `10.${1 + (randomBytes(1)[0]! % 250)}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** How a test says which client address the gateway saw (the one place to change if that moves). */
export const fromAddress = (ip: string): Record<string, string> => ({ 'X-Real-IP': ip });

const verifier = verifierFromEnv();

/** What an identity answer asserts, verified with the run's public keys exactly as a service verifies it. */
export function assertedIdentity(res: Response): AssertedIdentity {
  const got = verifier.verify(res.headers[ASSERTION_HEADER] as string | undefined);
  if (typeof got === 'string') throw new Error(`identity assertion refused: ${got} (status ${res.status})`);
  return got;
}

/**
 * A browser behind the gateway: keeps its cookies, asks /internal/identity first exactly as nginx's
 * auth_request does (with the client address nginx resolved), and forwards the signed assertion it
 * answered (any 403 there ends the request).
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  origin?: string;

  constructor(
    private readonly app: NestFastifyApplication,
    readonly ip = randomIp(),
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async identity(method = 'GET', uri = '/api/users/me'): Promise<Response> {
    const req = request(this.app.getHttpServer())
      .get('/internal/identity')
      .set('X-Original-Method', method)
      .set('X-Original-URI', uri)
      .set(fromAddress(this.ip));
    if (this.cookies.size) req.set('Cookie', this.cookieHeader);
    if (this.origin) req.set('Origin', this.origin);
    return req;
  }

  async call(method: Method, path: string, body?: unknown, raw?: string): Promise<Response> {
    const id = await this.identity(method.toUpperCase(), path);
    if (id.status !== 204) return id;
    let req = request(this.app.getHttpServer())[method](path).set(ASSERTION_HEADER, String(id.headers[ASSERTION_HEADER]));
    if (this.cookies.size) req = req.set('Cookie', this.cookieHeader);
    if (this.origin) req = req.set('Origin', this.origin);
    if (raw !== undefined) req = req.set('Content-Type', 'application/json').send(raw);
    else if (body !== undefined) req = req.send(body as object);
    const res = await req;
    this.absorb(res);
    return res;
  }

  absorb(res: Response): void {
    const set = res.headers['set-cookie'] as unknown as string[] | undefined;
    for (const c of set ?? []) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (/Max-Age=0/i.test(c) || !value) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get = (path: string) => this.call('get', path);
  post = (path: string, body?: unknown) => this.call('post', path, body ?? {});
  put = (path: string, body?: unknown) => this.call('put', path, body ?? {});
  del = (path: string) => this.call('delete', path);
}

export async function registerUser(app: NestFastifyApplication, o: { name?: string; email?: string; password?: string } = {}) {
  const b = new Browser(app);
  const body = { name: o.name ?? 'Técnico Teste', email: o.email ?? uniqueEmail(), password: o.password ?? 'segredo123' };
  const res = await b.post('/api/auth/register', body);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { browser: b, me: res.body as { id: string; email: string }, password: body.password };
}

/** An administrator account (created through the service, as the seed or the panel would) and a signed-in browser. */
export async function adminBrowser(app: NestFastifyApplication) {
  const username = unique('adm');
  const password = 'admin-senha-1';
  const created = await app.get(AdministratorsService).create({ username, password });
  const b = new Browser(app);
  const res = await b.post('/api/admin/auth/login', { username, password });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { browser: b, admin: created, password };
}

/** Polls until `fn` returns a value (background work: outbox relay, event worker). */
export async function eventually<T>(fn: () => Promise<T | undefined | null | false>, what: string, tries = 100): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const v = await fn();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
