import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { generateKeyPairSync } from 'node:crypto';

export interface TestAccount {
  email: string;
  email_verified: boolean;
  name?: string;
  picture?: string;
}

export const CLIENT = { id: 'clima-pro-teste', secret: 'segredo-do-cliente-de-teste' };

/** A real OpenID provider (oidc-provider) on loopback, with a confidential client that must use PKCE. */
export class LocalOpenIdProvider {
  readonly accounts = new Map<string, TestAccount>();
  private server?: Server;
  issuer = '';

  /** Picks a free port without listening on it yet (to test a provider that is down at first). */
  static async freePort(): Promise<number> {
    const s = createServer();
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const { port } = s.address() as AddressInfo;
    await new Promise((r) => s.close(r));
    return port;
  }

  async start(redirectUri: string, port = 0): Promise<string> {
    const server = createServer();
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    this.server = server;
    this.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // the provider's start-up notices about its development defaults are expected here
    const { warn, info } = console;
    console.warn = console.info = () => undefined;
    try {
      await this.mount(server, redirectUri);
    } finally {
      Object.assign(console, { warn, info });
    }
    return this.issuer;
  }

  private async mount(server: Server, redirectUri: string): Promise<void> {
    // loaded here so its notice about the Node version is silenced too
    const { default: Provider } = await import('oidc-provider');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'chave-teste', use: 'sig', alg: 'RS256' };
    const provider = new Provider(this.issuer, {
      clients: [
        {
          client_id: CLIENT.id,
          client_secret: CLIENT.secret,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      jwks: { keys: [jwk as never] },
      cookies: { keys: ['chave-de-cookies-de-teste'] },
      pkce: { required: () => true },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
      features: { devInteractions: { enabled: true } },
      findAccount: (_ctx, sub) => {
        const a = this.accounts.get(sub);
        return a ? { accountId: sub, claims: () => ({ sub, ...a }) } : undefined;
      },
      ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    });
    server.on('request', provider.callback());
  }

  async stop(): Promise<void> {
    if (this.server) {
      this.server.closeAllConnections();
      await new Promise((r) => this.server!.close(r));
    }
  }

  /**
   * Plays the user at the provider: follows the authorization URL, signs in as `sub` on the login
   * page, accepts the consent page, and returns the redirect back to the app (code, state, iss).
   */
  async authorize(authorizationUrl: string, sub: string): Promise<URL> {
    const jar = new Map<string, string>();
    const send = async (url: string, init: RequestInit = {}) => {
      const res = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const eq = pair!.indexOf('=');
        jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
      }
      return res;
    };
    let url = authorizationUrl;
    for (let step = 0; step < 12; step++) {
      const res = await send(url);
      const location = res.headers.get('location');
      if (!location) throw new Error(`provider answered ${res.status} at ${url}: ${(await res.text()).slice(0, 300)}`);
      const next = new URL(location, url);
      if (next.origin !== this.issuer) return next;
      if (/^\/interaction\/[^/]+$/.test(next.pathname)) {
        const page = await (await send(next.href)).text();
        const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
        const form: Record<string, string> = prompt === 'login' ? { prompt, login: sub, password: 'qualquer' } : { prompt: prompt ?? 'consent' };
        const submitted = await send(next.href, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form).toString(),
        });
        const after = submitted.headers.get('location');
        if (!after) throw new Error(`interaction ${prompt} answered ${submitted.status}`);
        url = new URL(after, next).href;
      } else {
        url = next.href;
      }
    }
    throw new Error('too many redirects at the provider');
  }
}
