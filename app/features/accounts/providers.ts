/**
 * Sign-in providers (Google, one OpenID Provider): their ids, which are configured, and the plain
 * messages for a provider sign-in or link that did not work. Relative imports: auth.server.ts
 * loads this file, and the `auth` CLI loads that one without our aliases.
 */
import type { Env } from "../../lib/env.server";

/** better-auth's id of the OpenID Provider configured by OIDC_* (its callback path ends in it). */
export const OIDC_PROVIDER_ID = "oidc";
/** better-auth's id of the staff single sign-on provider (SSO_*); never a 'Continue with' button. */
export const SSO_PROVIDER_ID = "sso";
/** How the profile names an identity from the staff single sign-on provider. */
export const SSO_NAME = "Company account";
/** Where a provider sign-in that did not work comes back, with `?error=<code>`. */
export const SIGN_IN_ERROR_PATH = "/auth/signin";

export type ProviderId = "google" | typeof OIDC_PROVIDER_ID;

/** A configured provider as the pages show it: 'Continue with {name}', 'Connect {name}'. */
export interface SignInProvider {
  id: ProviderId;
  name: string;
}

/**
 * The providers `config` sets up, Google first; empty when none is (then no button shows).
 * Settings are all-or-none per provider (checked in env.server.ts).
 */
export function configuredProviders(
  config: Pick<
    Env,
    | "GOOGLE_CLIENT_ID"
    | "GOOGLE_CLIENT_SECRET"
    | "OIDC_ISSUER"
    | "OIDC_CLIENT_ID"
    | "OIDC_CLIENT_SECRET"
    | "OIDC_NAME"
  >,
): SignInProvider[] {
  const providers: SignInProvider[] = [];
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET)
    providers.push({ id: "google", name: "Google" });
  if (config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET && config.OIDC_NAME)
    providers.push({ id: OIDC_PROVIDER_ID, name: config.OIDC_NAME });
  return providers;
}

/** The name shown for a stored identity's provider id ('Google', OIDC_NAME, or the id itself). */
export function providerName(providers: SignInProvider[], id: string): string {
  if (id === SSO_PROVIDER_ID) return SSO_NAME;
  return providers.find((provider) => provider.id === id)?.name ?? id;
}

/**
 * The plain message for better-auth's `?error=` code after a provider sign-in or link (its codes
 * in better-auth/dist/oauth2/errors.mjs, and the provider's own, e.g. `access_denied`).
 * @returns null when there is no code
 */
export function providerErrorMessage(code: string | null): string | null {
  if (!code) return null;
  switch (code) {
    case "access_denied":
      return "Sign-in with the provider was cancelled. Choose another way to sign in, or try again.";
    case "account_not_linked":
      return "An account with this email already exists, and the provider did not confirm that the email is yours. Sign in with your password or an emailed code, then connect the provider from your profile.";
    case "email_not_verified":
      return "Please verify your email address before signing in. We sent you a link.";
    case "email_not_found":
      return "The provider did not share an email address, so we cannot sign you in with it.";
    case "sso_required":
      return SSO_ONLY_MESSAGE;
    case "sso_domain_mismatch":
      return "Your company account's email is not one of the company's addresses, so we cannot sign you in with it.";
    case "too_many_attempts":
      return "Too many attempts. Please wait a minute and try again.";
    case "provider_unavailable":
      return "Sign-in with the provider is not available right now. Please try again.";
    case "account_already_linked_to_different_user":
      return "That provider account is already connected to another account here.";
    case "unable_to_link_account":
      return "We could not connect that account: the provider did not confirm its email address, or your session has ended. Please try again.";
    default:
      return "Sign-in with the provider did not work. Please try again, or choose another way to sign in.";
  }
}

/** The domains of SSO_DOMAINS (lower case); empty when staff single sign-on is not configured. */
export function ssoDomains(
  config: Pick<Env, "SSO_DOMAINS" | "SSO_ISSUER" | "SSO_CLIENT_ID" | "SSO_CLIENT_SECRET">,
): string[] {
  if (!config.SSO_ISSUER || !config.SSO_CLIENT_ID || !config.SSO_CLIENT_SECRET) return [];
  return config.SSO_DOMAINS ?? [];
}

/**
 * True when `email`'s domain (after the last '@', case-insensitive) is one of `domains`: such an
 * address signs in only through the company's OpenID Provider (docs/decisions/0143-staff-sso.md).
 * Subdomains do not count (staff.example-remediation.com is not example-remediation.com).
 */
export function isSsoEmail(email: string, domains: readonly string[]): boolean {
  const at = email.lastIndexOf("@");
  if (at < 0 || domains.length === 0) return false;
  return domains.includes(
    email
      .slice(at + 1)
      .trim()
      .toLowerCase(),
  );
}

/** The answer to a password, code, sign-up or reset request for an SSO domain's email. */
export const SSO_ONLY_MESSAGE =
  "Accounts with this email address sign in with the company account. Enter it on the sign-in page and we will send you to your company's sign-in.";

/** The profile's answer to 'Connect' for a company (SSO_DOMAINS) account. */
export const COMPANY_ACCOUNT_MESSAGE =
  "You sign in with your company account. Other sign-in providers are not used for company email addresses.";

/**
 * One way into an account, as the profile lists it; `When` is the date's form (a Date on the
 * server, formatted text in America/Denver once the loader sends it).
 */
export type SignInMethod<When = Date> =
  | { kind: "password"; id: string; createdAt: When }
  | {
      kind: "identity";
      id: string;
      provider: string;
      providerName: string;
      /** the email in the provider's ID token, when it gave one */
      email: string | null;
      createdAt: When;
    };
