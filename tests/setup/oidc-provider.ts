/**
 * A real OpenID Provider for tests: the certified `oidc-provider` package on a local port, with
 * one confidential client (our app) and users the test chooses. Its login page is ours: a test
 * sets `nextLogin` to sign the next visitor in at once, or (e2e) a person types a user name and
 * presses 'Sign in' or 'Cancel'. `tamper` makes the token endpoint answer once with a broken ID
 * token (wrong nonce, expired, signed by another key, wrong audience) or an error.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from "jose";
// @ts-expect-error oidc-provider ships no type declarations
import Provider from "oidc-provider";

export interface TestOidcUser {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export type Tamper =
  | "wrong-nonce"
  | "expired"
  | "bad-signature"
  | "wrong-audience"
  | "wrong-issuer"
  | "token-error";

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  users: Map<string, TestOidcUser>;
  /** the user (by sub) the next login interaction signs in without a form; cleared once used */
  nextLogin: string | null;
  /** the next token response's fault; cleared once applied */
  tamper: Tamper | null;
  /** the `env` settings that point the app at this provider */
  env(name?: string): Record<string, string>;
  /** the `env` settings that make this provider the staff single sign-on for `domains` */
  ssoEnv(domains: string): Record<string, string>;
  close(): Promise<void>;
}

export const TEST_OIDC_CLIENT_ID = "remediation-test-client";
export const TEST_OIDC_CLIENT_SECRET = "remediation-test-client-secret-0123456789";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Starts the provider.
 * @param options.publicUrl the app's origin (the client's redirect URI is its callback)
 * @param options.port a fixed port (e2e), else a free one
 */
export async function startOidcProvider(options: {
  publicUrl: string;
  port?: number;
  users?: TestOidcUser[];
  /** e2e: a login with an unknown email makes that user (email verified), so each test has its own */
  usersOnDemand?: boolean;
}): Promise<TestOidcProvider> {
  // the port comes first (the issuer names it), the provider after: until then a request, e.g. a
  // readiness probe without a timeout, is answered 503 instead of being left hanging
  let handle: http.RequestListener | undefined;
  const server = http.createServer((req, res) => {
    if (handle) return void handle(req, res);
    res.statusCode = 503;
    res.end("starting");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const { privateKey: strangerKey } = await generateKeyPair("RS256");
  const signingJwk = {
    ...(await exportJWK(privateKey)),
    kid: "test-key",
    alg: "RS256",
    use: "sig",
  };

  const users = new Map((options.users ?? []).map((user) => [user.sub, user]));
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_OIDC_CLIENT_ID,
        client_secret: TEST_OIDC_CLIENT_SECRET,
        // the same client serves as the OIDC_* provider and as the staff SSO_* provider
        redirect_uris: [
          `${options.publicUrl}/api/auth/callback/oidc`,
          `${options.publicUrl}/api/auth/callback/sso`,
        ],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [signingJwk] },
    cookies: { keys: ["test-cookie-key-0123456789"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    async findAccount(_ctx: unknown, sub: string) {
      const user = users.get(sub);
      if (!user) return undefined;
      return { accountId: sub, claims: async () => ({ ...user }) };
    },
  });
  provider.proxy = false;

  const state: TestOidcProvider = {
    issuer,
    clientId: TEST_OIDC_CLIENT_ID,
    clientSecret: TEST_OIDC_CLIENT_SECRET,
    users,
    nextLogin: null,
    tamper: null,
    env: (name = "Test ID") => ({
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: TEST_OIDC_CLIENT_ID,
      OIDC_CLIENT_SECRET: TEST_OIDC_CLIENT_SECRET,
      OIDC_NAME: name,
    }),
    ssoEnv: (domains) => ({
      SSO_DOMAINS: domains,
      SSO_ISSUER: issuer,
      SSO_CLIENT_ID: TEST_OIDC_CLIENT_ID,
      SSO_CLIENT_SECRET: TEST_OIDC_CLIENT_SECRET,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  // the token endpoint's answer, broken on purpose once when a test asks
  provider.use(
    async (ctx: { path: string; body: unknown; status: number }, next: () => Promise<void>) => {
      await next();
      const fault = state.tamper;
      const body = ctx.body as { id_token?: string } | undefined;
      if (ctx.path !== "/token" || !fault || !body?.id_token) return;
      state.tamper = null;
      if (fault === "token-error") {
        ctx.status = 400;
        ctx.body = { error: "invalid_grant", error_description: "grant request is invalid" };
        return;
      }
      const claims = { ...decodeJwt(body.id_token) };
      const now = Math.floor(Date.now() / 1000);
      if (fault === "wrong-nonce") claims.nonce = "not-the-nonce-of-this-sign-in";
      if (fault === "expired") Object.assign(claims, { iat: now - 7200, exp: now - 3600 });
      if (fault === "wrong-audience") claims.aud = "some-other-client";
      if (fault === "wrong-issuer") claims.iss = "http://127.0.0.1:1";
      body.id_token = await new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid: "test-key" })
        .sign(fault === "bad-signature" ? strangerKey : privateKey);
    },
  );

  const callback = provider.callback();
  handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", issuer);
    const match = url.pathname.match(/^\/interaction\/([^/]+)(\/login|\/cancel)?$/);
    if (!match) return void callback(req, res);
    interaction(req, res, match[2] ?? null).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  };

  async function finishLogin(req: http.IncomingMessage, res: http.ServerResponse, sub: string) {
    const details = await provider.interactionDetails(req, res);
    const grant = new provider.Grant({ accountId: sub, clientId: details.params.client_id });
    grant.addOIDCScope("openid email profile");
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, {
      login: { accountId: sub },
      consent: { grantId },
    });
  }

  async function interaction(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    step: string | null,
  ) {
    if (step === "/cancel") {
      await provider.interactionFinished(req, res, {
        error: "access_denied",
        error_description: "The person cancelled the sign-in",
      });
      return;
    }
    if (step === "/login") {
      const body = await new Promise<string>((resolve) => {
        let text = "";
        req.on("data", (chunk) => (text += chunk));
        req.on("end", () => resolve(text));
      });
      const login = new URLSearchParams(body).get("login") ?? "";
      let user = [...users.values()].find((u) => u.sub === login || u.email === login);
      if (!user && options.usersOnDemand && /^[^@\s]+@[^@\s]+$/.test(login)) {
        user = { sub: `e2e-${login}`, email: login, email_verified: true, name: "Taylor Provider" };
        users.set(user.sub, user);
      }
      if (!user) {
        res.statusCode = 400;
        res.end("Unknown user");
        return;
      }
      await finishLogin(req, res, user.sub);
      return;
    }
    if (state.nextLogin) {
      const sub = state.nextLogin;
      state.nextLogin = null;
      await finishLogin(req, res, sub);
      return;
    }
    const details = await provider.interactionDetails(req, res);
    const uid = escapeHtml(details.uid);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(`<!doctype html><html lang="en"><head><title>Test ID sign-in</title></head><body>
<h1>Test ID</h1>
<form method="post" action="/interaction/${uid}/login">
<label for="login">Username</label> <input id="login" name="login" autocomplete="off">
<button type="submit">Sign in</button></form>
<form method="post" action="/interaction/${uid}/cancel"><button type="submit">Cancel</button></form>
</body></html>`);
  }

  return state;
}

/**
 * Follows a test provider's redirects from `authorizeUrl` (its own cookies kept, `nextLogin`
 * signing in at once) until it sends the browser back to `origin`.
 * @returns the URL of our callback the provider answered with
 */
export async function throughTestProvider(authorizeUrl: string, origin: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizeUrl;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(origin)) return url;
    const response = await fetch(url, {
      redirect: "manual",
      headers: { Cookie: [...jar.values()].join("; ") },
    });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(";")[0] as string;
      jar.set(pair.split("=")[0] as string, pair);
    }
    const location = response.headers.get("Location");
    if (!location) throw new Error(`the provider answered ${response.status} without a redirect`);
    url = new URL(location, url).href;
  }
  throw new Error("too many redirects at the provider");
}
