/**
 * Configuration, read once from the environment and validated. This is the only module that
 * reads `process.env`; `.env.example` documents every variable.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import ipaddr from "ipaddr.js";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";

const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

// proxy-addr's names for address ranges, accepted by Express's "trust proxy" like CIDRs
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
const isProxyAddress = (entry: string) =>
  PROXY_RANGE_NAMES.has(entry) || ipaddr.isValid(entry) || ipaddr.isValidCIDR(entry);

/**
 * Express's "trust proxy": a hop count, or the addresses/CIDRs of our own proxies. Never `true`,
 * which would let any client choose its address (and so its rate-limit key) with X-Forwarded-For.
 */
const trustProxy = z
  .string()
  .default("loopback")
  .transform((value, ctx): number | string[] => {
    const trimmed = value.trim();
    if (/^\d{1,2}$/.test(trimmed)) return Number(trimmed);
    const entries = trimmed
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (entries.length === 0 || !entries.every(isProxyAddress)) {
      ctx.addIssue({
        code: "custom",
        message: `must be a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDRs (e.g. loopback, 10.0.0.0/8), not "${value.slice(0, 40)}"`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * True when the site's origin is this machine (localhost, 127.0.0.0/8, ::1): the README's quick
 * start runs the production build there, and its mail goes to files. A real deployment has a
 * public PUBLIC_URL (canonical URLs, mail links and the origin check all need it).
 */
function isLocalOrigin(publicUrl: string): boolean {
  const host = new URL(publicUrl).hostname;
  return host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * The company's phone as the site shows and dials it: E.164 for `tel:` links and structured data,
 * the national form ("(801) 555-0100") for people. US numbers as dialled, others with `+`.
 */
export interface CompanyPhone {
  /** E.164, e.g. "+18015550100" */
  e164: string;
  /** "(801) 555-0100" for a US number, else the international form */
  display: string;
}

const companyPhone = z
  .string()
  .trim()
  .transform((value, ctx): CompanyPhone => {
    const parsed = parsePhoneNumberFromString(value, "US");
    if (!parsed?.isValid()) {
      ctx.addIssue({
        code: "custom",
        message: `must be a phone number people can call, e.g. (801) 555-0123 or +1 801 555 0123, not "${value.slice(0, 40)}"`,
      });
      return z.NEVER;
    }
    return {
      e164: parsed.number,
      display: parsed.country === "US" ? parsed.formatNational() : parsed.formatInternational(),
    };
  });

/**
 * The company contact of a site on this machine when none is set: a fictional 555-01xx number and
 * a local address, so that `npm start` works without settings (a public site must set its own).
 */
export const LOCAL_COMPANY_CONTACT = {
  phone: { e164: "+18015550100", display: "(801) 555-0100" },
  email: "office@localhost",
} as const satisfies { phone: CompanyPhone; email: string };

/** Settings of one sign-in provider: all or none (a half-configured provider is a mistake). */
const SIGN_IN_PROVIDER_SETTINGS = [
  ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
  ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "OIDC_NAME"],
  ["SSO_DOMAINS", "SSO_ISSUER", "SSO_CLIENT_ID", "SSO_CLIENT_SECRET"],
] as const;

/** One email domain of SSO_DOMAINS: lower case, no '@', at least one dot. */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    SMTP_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    MAIL_TRANSPORT: z.preprocess(emptyToUndefined, z.enum(["smtp", "file"]).optional()),
    MAIL_FROM: z.string().default("Utah Home Remediation <no-reply@localhost>"),
    /**
     * A Twilio-compatible Messages API with the account's credentials in the URL
     * (https://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com); unset: texts are written to $DATA_DIR/sms
     */
    SMS_URL: z.preprocess(
      emptyToUndefined,
      z
        .url()
        .refine((value) => /^https?:$/.test(new URL(value).protocol), "an http(s) URL")
        .refine(
          (value) => new URL(value).username !== "" && new URL(value).password !== "",
          "carries the account SID and auth token: https://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com",
        )
        .optional(),
    ),
    /** the number (E.164, e.g. +18015550100) or sender id texts come from; needed with SMS_URL */
    SMS_FROM: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(40).optional()),
    LEADS_EMAIL: z.email().default("leads@localhost"),
    /**
     * The company's phone and e-mail, shown in the header, footer, every mail (Reply-To), PDFs
     * and structured data; required in production on a public PUBLIC_URL
     */
    COMPANY_PHONE: z.preprocess(emptyToUndefined, companyPhone.optional()),
    COMPANY_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
    /** the company's public review page (e.g. its Google reviews link); unset: no review requests */
    REVIEW_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    /** unset: http://localhost:$PORT, so mail links work for `PORT=3100 npm start` too */
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    AUTH_SECRET: optionalString,
    QUOTE_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_SCALE: z.coerce.number().positive().max(1_000_000).default(1),
    TRUST_PROXY: trustProxy,
    /** comma-separated emails whose verified accounts become admins at sign-in (the first admin) */
    ADMIN_EMAILS: z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    GTM_ID: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^GTM-[A-Z0-9]{4,12}$/, "a Google Tag Manager container id, e.g. GTM-ABC1234")
        .optional(),
    ),
    /**
     * Default sales tax on taxable estimate lines, a percentage such as 7.25 (0 when unset), kept
     * as basis points so that no float ever touches money (at most 20 %).
     */
    ESTIMATE_TAX_RATE: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .regex(/^\d{1,2}(\.\d{1,2})?$/, "a percentage with at most 2 decimals, e.g. 7.25")
        .transform((v) => {
          const [whole = "0", fraction = ""] = v.split(".");
          return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
        })
        .refine((basisPoints) => basisPoints <= 2000, "at most 20 (percent)")
        .default(0),
    ),
    /** 'Continue with Google': both set, or neither (README: the redirect URL to register) */
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    /** 'Continue with {OIDC_NAME}': any OpenID Provider by its issuer (discovery); all four or none */
    OIDC_ISSUER: z.preprocess(emptyToUndefined, z.url().optional()),
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    OIDC_NAME: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(40).optional()),
    /**
     * Staff single sign-on: emails of these domains (comma list, e.g. example-remediation.com)
     * sign in only through the OpenID Provider SSO_ISSUER; all four or none
     */
    SSO_DOMAINS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .transform((list) =>
          list
            .split(",")
            .map((domain) => domain.trim().toLowerCase())
            .filter(Boolean),
        )
        .pipe(
          z
            .array(z.string().regex(DOMAIN, "a domain such as example-remediation.com"))
            .min(1, "at least one domain"),
        )
        .optional(),
    ),
    SSO_ISSUER: z.preprocess(emptyToUndefined, z.url().optional()),
    SSO_CLIENT_ID: optionalString,
    SSO_CLIENT_SECRET: optionalString,
    /**
     * Card and bank payments through Stripe Checkout (features/invoices): the secret API key and
     * the webhook endpoint's signing secret. Without STRIPE_SECRET_KEY invoices say how to pay by
     * check or phone. STRIPE_API_URL points the SDK at another Stripe-compatible server (tests).
     */
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_API_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    /**
     * File storage (lib/storage.server.ts): S3-compatible object storage when S3_BUCKET is set,
     * else the local disk under $DATA_DIR/files
     */
    S3_BUCKET: optionalString,
    /** unset: AWS S3's own endpoint for S3_REGION; e.g. http://127.0.0.1:9000 for MinIO */
    S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url().optional()),
    S3_REGION: z.preprocess(emptyToUndefined, z.string().trim().min(1).default("us-east-1")),
    /** both or neither (neither: the AWS SDK's default credentials, e.g. an instance role) */
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /** "true" for servers that need path-style URLs (MinIO, s3rver); default false */
    S3_FORCE_PATH_STYLE: z.preprocess(
      emptyToUndefined,
      z
        .enum(["true", "false", "1", "0"], "true or false")
        .default("false")
        .transform((v) => v === "true" || v === "1"),
    ),
    /**
     * The bearer token Prometheus sends for GET /metrics on the site's port (at least 32
     * characters); unset with METRICS_PORT unset: no metrics are served
     */
    METRICS_TOKEN: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(
          /^\S{32,200}$/,
          "use 32 to 200 characters without spaces (e.g. openssl rand -hex 32)",
        )
        .optional(),
    ),
    /** a port of its own serving only GET /metrics, without a token (firewall it to the scraper) */
    METRICS_PORT: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(65535).optional(),
    ),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
  })
  .superRefine((value, ctx) => {
    if (value.METRICS_PORT !== undefined && value.METRICS_PORT === value.PORT) {
      ctx.addIssue({
        code: "custom",
        path: ["METRICS_PORT"],
        message: "must differ from PORT (use METRICS_TOKEN to serve metrics on the site's port)",
      });
    }
    if (value.NODE_ENV === "production" && value.DATABASE_URL && !value.AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "AUTH_SECRET is required in production with DATABASE_URL (32+ random characters)",
      });
    }
    if (value.MAIL_TRANSPORT === "smtp" && !value.SMTP_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["SMTP_URL"],
        message: "MAIL_TRANSPORT=smtp needs SMTP_URL",
      });
    } else if (
      value.NODE_ENV === "production" &&
      value.PUBLIC_URL !== undefined &&
      !isLocalOrigin(value.PUBLIC_URL) &&
      !value.SMTP_URL &&
      value.MAIL_TRANSPORT !== "file"
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["SMTP_URL"],
        message:
          "required in production on a public PUBLIC_URL, where mail must reach people (set MAIL_TRANSPORT=file to write it to $DATA_DIR/mail on purpose)",
      });
    }
    if (
      value.NODE_ENV === "production" &&
      value.PUBLIC_URL !== undefined &&
      !isLocalOrigin(value.PUBLIC_URL)
    ) {
      for (const name of ["COMPANY_PHONE", "COMPANY_EMAIL"] as const) {
        if (value[name] !== undefined) continue;
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: `required in production on a public PUBLIC_URL: the site, its mail and PDFs tell people how to reach the company (e.g. ${name === "COMPANY_PHONE" ? "(801) 555-0123" : "office@example.com"})`,
        });
      }
    }
    if (value.SMS_URL && !value.SMS_FROM) {
      ctx.addIssue({
        code: "custom",
        path: ["SMS_FROM"],
        message: "SMS_URL needs SMS_FROM (the number texts come from, e.g. +18015550100)",
      });
    }
    for (const group of SIGN_IN_PROVIDER_SETTINGS) {
      const missing = group.filter((name) => value[name] === undefined);
      if (missing.length > 0 && missing.length < group.length) {
        ctx.addIssue({
          code: "custom",
          path: [missing[0] as string],
          message: `set ${group.join(", ")} together (or none of them): ${missing.join(", ")} missing`,
        });
      }
    }
    const s3Settings = [
      "S3_ENDPOINT",
      "S3_ACCESS_KEY_ID",
      "S3_SECRET_ACCESS_KEY",
    ] as const satisfies (keyof typeof value)[];
    const strayS3 = s3Settings.filter((name) => value[name] !== undefined);
    if (!value.S3_BUCKET && strayS3.length > 0) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_BUCKET"],
        message: `${strayS3.join(", ")} set without S3_BUCKET (set the bucket to store files in S3, or unset them to keep files on disk)`,
      });
    }
    if ((value.S3_ACCESS_KEY_ID === undefined) !== (value.S3_SECRET_ACCESS_KEY === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [value.S3_ACCESS_KEY_ID === undefined ? "S3_ACCESS_KEY_ID" : "S3_SECRET_ACCESS_KEY"],
        message: "set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together (or neither)",
      });
    }
    if (value.AUTH_SECRET && value.AUTH_SECRET.length < 32) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "use at least 32 characters",
      });
    }
  });

export type Env = Omit<
  z.infer<typeof schema>,
  | "AUTH_SECRET"
  | "MAIL_TRANSPORT"
  | "ESTIMATE_TAX_RATE"
  | "PUBLIC_URL"
  | "COMPANY_PHONE"
  | "COMPANY_EMAIL"
> & {
  /** COMPANY_PHONE, else (a site on this machine) LOCAL_COMPANY_CONTACT's */
  COMPANY_PHONE: CompanyPhone;
  /** COMPANY_EMAIL, else (a site on this machine) LOCAL_COMPANY_CONTACT's */
  COMPANY_EMAIL: string;
  /** the site's canonical origin: PUBLIC_URL, else http://localhost:$PORT */
  PUBLIC_URL: string;
  /** ESTIMATE_TAX_RATE in basis points: 7.25 % -> 725 */
  estimateTaxRateBasisPoints: number;
  AUTH_SECRET: string;
  /** where mail goes: SMTP_URL's server, or .eml files in mailDir */
  MAIL_TRANSPORT: "smtp" | "file";
  /** absolute path of the PGlite data directory ($DATA_DIR/db) */
  pgliteDir: string;
  /** absolute path where dev mail is written as .eml files ($DATA_DIR/mail) */
  mailDir: string;
  /** absolute path where texts are written without SMS_URL ($DATA_DIR/sms) */
  smsDir: string;
  /** absolute path of the disk storage driver's folder ($DATA_DIR/files) */
  filesDir: string;
  isProduction: boolean;
};

/**
 * Validates `source` and derives paths. Without AUTH_SECRET (allowed unless production on
 * PostgreSQL) a random secret is generated once and kept in `$DATA_DIR/auth-secret`.
 * @throws Error naming every invalid variable, on one line (server.ts prints it as it is).
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration: ${issues.join("; ")}`);
  }
  const { ESTIMATE_TAX_RATE, ...value } = parsed.data;
  const dataDir = path.resolve(value.DATA_DIR);
  return {
    ...value,
    PUBLIC_URL: value.PUBLIC_URL ?? `http://localhost:${value.PORT}`,
    COMPANY_PHONE: value.COMPANY_PHONE ?? LOCAL_COMPANY_CONTACT.phone,
    COMPANY_EMAIL: value.COMPANY_EMAIL ?? LOCAL_COMPANY_CONTACT.email,
    estimateTaxRateBasisPoints: ESTIMATE_TAX_RATE,
    AUTH_SECRET: value.AUTH_SECRET ?? localSecret(dataDir),
    MAIL_TRANSPORT: value.MAIL_TRANSPORT ?? (value.SMTP_URL ? "smtp" : "file"),
    pgliteDir: path.join(dataDir, "db"),
    mailDir: path.join(dataDir, "mail"),
    smsDir: path.join(dataDir, "sms"),
    filesDir: path.join(dataDir, "files"),
    isProduction: value.NODE_ENV === "production",
  };
}

function localSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return fs.readFileSync(file, "utf8").trim();
}

let current: Env | undefined;

/** The process configuration, loaded on first use. */
export function env(): Env {
  current ??= loadEnv();
  return current;
}

/** Replaces the configuration (tests and scripts that start the app with other settings). */
export function setEnv(next: Env): void {
  current = next;
}

/**
 * A value made from the configuration on first use and made again once the configuration is
 * replaced (setEnv), so nothing keeps the settings of an earlier one (e.g. the auth instance,
 * a rate limit's size).
 * @returns a getter of the value for the current configuration
 */
export function fromEnv<T>(make: (config: Env) => T): () => T {
  let made: { config: Env; value: T } | undefined;
  return () => {
    const config = env();
    if (made?.config !== config) made = { config, value: make(config) };
    return made.value;
  };
}

/**
 * The process environment for a child program (pg_dump, pg_restore) that needs PATH, locale and
 * the PG* variables an operator set, plus `extra`. The only other reader of `process.env`.
 */
export function childProcessEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}
