/**
 * Signed cookies: React Router encodes and serializes them; cookie-signature (Express's signer,
 * HMAC-SHA256 through synchronous node:crypto) signs and verifies them. React Router's own
 * `secrets` sign through Web Crypto, importing the key on every call, which cost about 5% of a
 * quote POST's CPU (docs/performance.md).
 */
import { sign, unsign } from "cookie-signature";
import { type CookieOptions, createCookie } from "react-router";

export interface SignedCookie {
  /** The Set-Cookie header value carrying `value` (any JSON value), signed. */
  serialize(value: unknown, options?: CookieOptions): Promise<string>;
  /** The value of the cookie in a Cookie header, or null when absent, malformed or forged. */
  parse(cookieHeader: string | null): Promise<unknown>;
}

/**
 * A cookie named `name`, signed with the first of `secrets` and accepted when signed with any of
 * them (so a secret can be rotated). `options` are React Router's (path, maxAge, secure...).
 */
export function createSignedCookie(
  name: string,
  options: Omit<CookieOptions, "secrets">,
  secrets: [string, ...string[]],
): SignedCookie {
  const cookie = createCookie(name, options);
  return {
    serialize: (value, overrides) =>
      cookie.serialize(sign(JSON.stringify(value), secrets[0]), overrides),
    async parse(cookieHeader) {
      const signed: unknown = await cookie.parse(cookieHeader);
      if (typeof signed !== "string") return null;
      for (const secret of secrets) {
        const json = unsign(signed, secret);
        if (json !== false) return JSON.parse(json);
      }
      return null;
    },
  };
}
