/**
 * Configuration, read once from the environment and validated. This is the only module that
 * reads `process.env`; `.env.example` documents every variable.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    SMTP_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    MAIL_FROM: z.string().default("Utah Home Remediation <no-reply@localhost>"),
    LEADS_EMAIL: z.email().default("leads@localhost"),
    PUBLIC_URL: z.url().default("http://localhost:3000"),
    AUTH_SECRET: optionalString,
    QUOTE_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    TRUST_PROXY: z.string().default("loopback"),
    GTM_ID: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^GTM-[A-Z0-9]{4,12}$/, "a Google Tag Manager container id, e.g. GTM-ABC1234")
        .optional(),
    ),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
  })
  .superRefine((value, ctx) => {
    if (value.NODE_ENV === "production" && value.DATABASE_URL && !value.AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "AUTH_SECRET is required in production with DATABASE_URL (32+ random characters)",
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

export type Env = Omit<z.infer<typeof schema>, "AUTH_SECRET"> & {
  AUTH_SECRET: string;
  /** absolute path of the PGlite data directory ($DATA_DIR/db) */
  pgliteDir: string;
  /** absolute path where dev mail is written as .eml files ($DATA_DIR/mail) */
  mailDir: string;
  isProduction: boolean;
};

/**
 * Validates `source` and derives paths. Without AUTH_SECRET (allowed unless production on
 * PostgreSQL) a random secret is generated once and kept in `$DATA_DIR/auth-secret`.
 * @throws Error listing every invalid variable.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const value = parsed.data;
  const dataDir = path.resolve(value.DATA_DIR);
  return {
    ...value,
    AUTH_SECRET: value.AUTH_SECRET ?? localSecret(dataDir),
    pgliteDir: path.join(dataDir, "db"),
    mailDir: path.join(dataDir, "mail"),
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
