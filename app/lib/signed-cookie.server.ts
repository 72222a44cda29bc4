/**
 * Signed cookies: React Router encodes and serializes them; cookie-signature (Express's signer,
 * HMAC-SHA256 through synchronous node:crypto) signs and verifies them. React Router's own
 * `secrets` sign through Web Crypto, importing the key on every call, which cost about 5% of a
 * quote POST's CPU (docs/performance.md).
 */
import { hkdfSync } from "node:crypto";
import { sign, unsign } from "cookie-signature";
import { type Cookie, type CookieOptions, createCookie } from "react-router";
import { type Env, env } from "./env.server";

export interface SignedCookie {
  /** The Set-Cookie header value carrying `value` (any JSON value), signed. */
  serialize(value: unknown, options?: CookieOptions): Promise<string>;
  /** The value of the cookie in a Cookie header, or null when absent, malformed or forged. */
  parse(cookieHeader: string | null): Promise<unknown>;
}

/**
 * The key that signs cookie `name`: HKDF-SHA256 of AUTH_SECRET with a label naming the purpose
 * and the cookie (RFC 5869), so it is neither better-auth's key nor another cookie's.
 */
export function cookieSigningKey(secret: string, name: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "", `remediation signed cookie: ${name}`, 32));
}

/**
 * A cookie named `name` under `path`, living `maxAge` seconds: HttpOnly, SameSite=Lax, signed
 * with a key derived from AUTH_SECRET for it. Over HTTPS in production it is Secure and named
 * `__Host-<name>` (path "/") or `__Secure-<name>` (any other path), so neither a sibling
 * subdomain nor plain HTTP can plant it (OWASP ASVS 5.0 V3.3.1). Configuration is read on use.
 */
export function createSignedCookie(
  name: string,
  options: { path: string; maxAge: number },
): SignedCookie {
  let cookie: { config: Env; jar: Cookie; key: Buffer } | undefined;
  const current = () => {
    const config = env();
    if (cookie?.config !== config) {
      const secure = config.isProduction && config.PUBLIC_URL.startsWith("https:");
      const prefix = secure ? (options.path === "/" ? "__Host-" : "__Secure-") : "";
      const jar = createCookie(`${prefix}${name}`, {
        ...options,
        httpOnly: true,
        sameSite: "lax",
        secure,
      });
      cookie = { config, jar, key: cookieSigningKey(config.AUTH_SECRET, name) };
    }
    return cookie;
  };
  return {
    serialize(value, overrides) {
      const { jar, key } = current();
      return jar.serialize(sign(JSON.stringify(value), key), overrides);
    },
    async parse(cookieHeader) {
      const { jar, key } = current();
      const signed: unknown = await jar.parse(cookieHeader);
      if (typeof signed !== "string") return null;
      const json = unsign(signed, key);
      return json === false ? null : JSON.parse(json);
    },
  };
}
