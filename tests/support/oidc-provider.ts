import http from 'node:http';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Provider, { type Account } from 'oidc-provider';

/** A person known to the test identity provider: the login name typed at its form, and their claims. */
export interface TestIdentity {
  login: string;
  claims: Record<string, unknown>;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The OIDC_ variables that point an app at this provider. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) in this process on a free loopback port, with one
 * confidential client registered for `appOrigin` (its callback and its origin as the logout return)
 * and the given people. Its login form is oidc-provider's development form: any password is taken
 * for the login name typed, which is what an end-to-end test of the relying party needs.
 */
export async function startTestOidcProvider(appOrigin: string, people: readonly TestIdentity[]): Promise<TestOidcProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'supplier-onboarding';
  const clientSecret = crypto.randomBytes(24).toString('hex');
  const byLogin = new Map(people.map((p) => [p.login, p]));

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${appOrigin}/v1/auth/oidc/callback`],
        post_logout_redirect_uris: [`${appOrigin}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'employee_number'] },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    // Set, so the provider does not warn about its defaults.
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    cookies: { keys: [crypto.randomBytes(16).toString('hex')] },
    async findAccount(_ctx: unknown, id: string): Promise<Account | undefined> {
      const person = byLogin.get(id);
      if (!person) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...person.claims }) };
    },
  });
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
