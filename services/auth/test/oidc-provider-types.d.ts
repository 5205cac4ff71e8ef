/** The few parts of oidc-provider (which ships no types) that the local test provider uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims: () => Record<string, unknown>;
  }

  export interface Configuration {
    clients?: Record<string, unknown>[];
    jwks?: { keys: unknown[] };
    cookies?: { keys: string[] };
    pkce?: { required?: (ctx: unknown, client: unknown) => boolean };
    claims?: Record<string, string[]>;
    features?: Record<string, { enabled: boolean }>;
    findAccount?: (ctx: unknown, sub: string) => Account | undefined | Promise<Account | undefined>;
    ttl?: Record<string, number>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
