import * as oidc from 'openid-client';
import type { OidcSettings } from '#infra/config.ts';

/**
 * The company's identity provider over OpenID Connect (openid-client): authorization code flow with
 * PKCE, state and nonce; the provider's metadata is discovered once per process (again after a failure).
 */

/** What the login keeps between sending the browser to the provider and its return (a signed cookie). */
export interface OidcTransaction {
  state: string;
  nonce: string;
  verifier: string;
  /** The in-app path to open after the login. */
  redirect: string;
}

export type OidcClaims = Record<string, unknown> & { sub: string };

export interface OidcClient {
  /** Where to send the browser, and what to keep for the callback. */
  begin(redirect: string): Promise<{ url: string; transaction: OidcTransaction }>;
  /** Checks the callback against the kept transaction, redeems the code and answers the person's claims. */
  finish(callbackUrl: URL, transaction: OidcTransaction): Promise<OidcClaims>;
  /** The provider's logout (RP-initiated), returning to the site origin; null when the provider has none. */
  logoutUrl(): Promise<string | null>;
}

const clients = new Map<string, OidcClient>();

/** One client per settings (a process has one; tests start several). */
export function oidcClient(settings: OidcSettings): OidcClient {
  const key = JSON.stringify(settings);
  let client = clients.get(key);
  if (!client) clients.set(key, (client = createOidcClient(settings)));
  return client;
}

function createOidcClient(settings: OidcSettings): OidcClient {
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        // A provider on plain http is refused in production by the configuration (infra/config.ts);
        // elsewhere it is a developer's or a test's provider on this machine.
        execute: settings.issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      })
      .catch((err: unknown) => {
        discovered = undefined;
        throw err;
      });
    return discovered;
  };

  return {
    async begin(redirect) {
      const config = await configuration();
      const transaction: OidcTransaction = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier(), redirect };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: settings.scopes,
        state: transaction.state,
        nonce: transaction.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(transaction.verifier),
        code_challenge_method: 'S256',
        // Req shell §7.8: the login helper authorises with prompt login.
        prompt: 'login',
      });
      return { url: url.href, transaction };
    },
    async finish(callbackUrl, transaction) {
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: transaction.verifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('the provider answered no ID token');
      // Providers put few claims into the ID token of a code flow; the rest come from userinfo.
      const userinfo = config.serverMetadata().userinfo_endpoint ? await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub) : {};
      return { ...userinfo, ...idClaims } as OidcClaims;
    },
    async logoutUrl() {
      const config = await configuration();
      if (!config.serverMetadata().end_session_endpoint) return null;
      return oidc.buildEndSessionUrl(config, { post_logout_redirect_uri: settings.postLogoutRedirectUri }).href;
    },
  };
}
