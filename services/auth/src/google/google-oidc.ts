import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppError, CONFIG } from '@clima/common';
import * as oidc from 'openid-client';
import type { AuthConfig } from '../config';
import { authError, AuthError } from '../auth.errors';

export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface GoogleProfile {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

/** An answer of the provider that means "this code (or this sign-in) is not good", not "the provider is down". */
function isRejection(err: unknown): boolean {
  if (err instanceof oidc.ResponseBodyError || err instanceof oidc.AuthorizationResponseError) return true;
  const code = (err as { code?: string })?.code ?? '';
  return code.startsWith('OAUTH_') && code !== 'OAUTH_TIMEOUT' && code !== 'OAUTH_RESPONSE_IS_NOT_CONFORM';
}

/**
 * Google sign-in as an OpenID Connect authorization-code flow with state, nonce and PKCE (S256).
 * The issuer is configuration (GOOGLE_ISSUER), so tests point it at a local provider. Discovery is
 * lazy and retried: the provider may be unreachable when the service starts.
 */
@Injectable()
export class GoogleOidc {
  private readonly logger = new Logger('GoogleOidc');
  private discovered?: Promise<oidc.Configuration>;
  readonly redirectUri: string;

  constructor(@Inject(CONFIG) private readonly config: AuthConfig) {
    this.redirectUri = `${config.PUBLIC_URL.replace(/\/+$/, '')}/auth/callback`;
  }

  get enabled(): boolean {
    return !!this.config.GOOGLE_CLIENT_ID;
  }

  private configuration(): Promise<oidc.Configuration> {
    if (!this.enabled) return Promise.reject(authError(AuthError.GoogleNotConfigured));
    this.discovered ??= this.discover().catch((err: unknown) => {
      this.discovered = undefined; // the next request tries again
      this.logger.warn({ err, msg: 'OpenID discovery failed' });
      throw authError(AuthError.GoogleUnavailable);
    });
    return this.discovered;
  }

  private discover(): Promise<oidc.Configuration> {
    const issuer = new URL(this.config.GOOGLE_ISSUER);
    return oidc.discovery(issuer, this.config.GOOGLE_CLIENT_ID!, this.config.GOOGLE_CLIENT_SECRET, undefined, {
      timeout: 5,
      // plain http only for a provider on this machine (tests, local development)
      execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
    });
  }

  async authorizationRequest(): Promise<AuthorizationRequest> {
    const config = await this.configuration();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state, nonce, codeVerifier };
  }

  /** Exchanges the code (with the PKCE verifier), verifies the ID token and returns who signed in. */
  async exchange(code: string, pending: Omit<AuthorizationRequest, 'url'>): Promise<GoogleProfile> {
    const config = await this.configuration();
    const callback = new URL(this.redirectUri);
    callback.searchParams.set('code', code);
    callback.searchParams.set('state', pending.state);
    // RFC 9207: the web app returns only the code, and this client talks to a single issuer
    if (config.serverMetadata().authorization_response_iss_parameter_supported) callback.searchParams.set('iss', config.serverMetadata().issuer);
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims()!;
      let profile: Record<string, unknown> = claims;
      // some providers put the profile only at the userinfo endpoint
      if (!claims.email && config.serverMetadata().userinfo_endpoint) {
        profile = { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
      }
      const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
      return {
        sub: claims.sub,
        email: str(profile.email)?.toLowerCase() ?? null,
        emailVerified: profile.email_verified === true || profile.email_verified === 'true',
        name: str(profile.name),
        picture: str(profile.picture),
      };
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (isRejection(err)) {
        this.logger.warn({ err, msg: 'authorization code refused' });
        throw authError(AuthError.GoogleBadCode);
      }
      this.logger.warn({ err, msg: 'code exchange failed' });
      throw authError(AuthError.GoogleUnavailable);
    }
  }
}
