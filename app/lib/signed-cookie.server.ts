/**
 * Signed cookies: React Router encodes and serializes them; cookie-signature (Express's signer,
 * HMAC-SHA256 through synchronous node:crypto) signs and verifies them. React Router's own
 * `secrets` sign through Web Crypto, importing the key on every call, which cost about 5% of a
 * quote POST's CPU (docs/performance.md).
 */
import { sign, unsign } from "cookie-signature";
import { type Cookie, type CookieOptions, createCookie } from "react-router";
import { env } from "./env.server";

export interface SignedCookie {
  /** The Set-Cookie header value carrying `value` (any JSON value), signed. */
  serialize(value: unknown, options?: CookieOptions): Promise<string>;
  /** The value of the cookie in a Cookie header, or null when absent, malformed or forged. */
  parse(cookieHeader: string | null): Promise<unknown>;
}

/**
 * A cookie named `name` under `path`, living `maxAge` seconds: HttpOnly, SameSite=Lax, Secure
 * when the site is served over HTTPS in production, signed with AUTH_SECRET. Configuration is
 * read on first use.
 */
export function createSignedCookie(
  name: string,
  options: { path: string; maxAge: number },
): SignedCookie {
  let cookie: { jar: Cookie; secret: string } | undefined;
  const current = () => {
    if (!cookie) {
      const config = env();
      const jar = createCookie(name, {
        ...options,
        httpOnly: true,
        sameSite: "lax",
        secure: config.isProduction && config.PUBLIC_URL.startsWith("https:"),
      });
      cookie = { jar, secret: config.AUTH_SECRET };
    }
    return cookie;
  };
  return {
    serialize(value, overrides) {
      const { jar, secret } = current();
      return jar.serialize(sign(JSON.stringify(value), secret), overrides);
    },
    async parse(cookieHeader) {
      const { jar, secret } = current();
      const signed: unknown = await jar.parse(cookieHeader);
      if (typeof signed !== "string") return null;
      const json = unsign(signed, secret);
      return json === false ? null : JSON.parse(json);
    },
  };
}
