import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// One fresh data directory per run (PGlite + dev mail), shared with workers through the env.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "remediation-e2e-"));
// E2E_PORT lets two checkouts run their suites side by side (specs also use PORT+50 and PORT+94..99).
export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${PORT}`;
/** The test OpenID Provider (tests/e2e/oidc-server.ts) the app signs in with as 'Test ID'. */
export const OIDC_PORT = PORT + 60;
/** The local SMS sink (tests/setup/sms-sink.ts): the app's SMS_URL, and where specs read texts. */
export const SMS_SINK_PORT = PORT + 61;
/** The local Stripe-compatible server (tests/e2e/stripe-server.ts): the app's STRIPE_API_URL. */
export const STRIPE_PORT = PORT + 62;
/** The company domain whose emails the e2e app sends to that provider as staff single sign-on. */
export const SSO_E2E_DOMAIN = "staff.remediation.test";
/** The admin of worker `parallelIndex` (tests/e2e/fixtures.ts), listed in ADMIN_EMAILS below. */
export const fixtureAdminEmail = (parallelIndex: number) =>
  `admin.w${parallelIndex}.e2e@example.com`;
/**
 * The company contact of the e2e server: not the build's local default, so the specs see that a
 * phone set at run time reaches the prerendered pages too.
 */
export const E2E_COMPANY_PHONE = { display: "(801) 555-0142", e164: "+18015550142" } as const;
export const E2E_COMPANY_EMAIL = "office@remediation.test";
/** The bearer token of the e2e server's /metrics (tests/e2e/operations.spec.ts). */
export const E2E_METRICS_TOKEN = "e2e-metrics-token-0123456789abcdef0123456789";
/**
 * Debian's Chromium headless shell: the same engine without the desktop browser around it, about
 * a quarter faster here than `/usr/bin/chromium` (decision 0296), which serves where it is missing.
 */
const CHROMIUM =
  process.env.E2E_CHROMIUM ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((file) => fs.existsSync(file));
/** At most this many workers (each has its own fixture admin). */
export const MAX_WORKERS = 8;

export default defineConfig({
  testDir: "tests/e2e",
  // specs are independent (an account or a marker of their own per test); the few that share
  // something run in order (describe.configure) or hold a lock (fixtures.ts: PUBLISHED_POSTS)
  fullyParallel: true,
  workers: 2,
  // a flaky test is a bug to fix, not to retry
  retries: 0,
  reporter: [["list"], ["json", { outputFile: "reports/playwright.json" }]],
  // whole journeys (sign-up, argon2id hashing, two-factor, several pages) on two cores
  timeout: 90_000,
  // a quote POST or a sign-in (argon2id) can take several seconds on two busy cores
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    browserName: "chromium",
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
    // recording a trace of every test (its screencast above all) cost about a quarter of the
    // browser stage; a failure still prints its error and, for the fixture's page, an ARIA
    // snapshot (error-context.md). To chase one: npx playwright test FILE --trace on
    trace: "off",
  },
  webServer: [
    {
      command: "node tests/e2e/oidc-server.ts",
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { E2E_PORT: String(PORT) },
    },
    {
      command: `node tests/setup/sms-sink.ts ${SMS_SINK_PORT}`,
      url: `http://127.0.0.1:${SMS_SINK_PORT}/texts`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "node tests/e2e/stripe-server.ts",
      port: STRIPE_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { E2E_PORT: String(PORT) },
    },
    {
      // --no-wasm-code-gc: see docs/decisions/0144-rerun-files-lost-to-a-v8-crash.md
      command: "node --no-wasm-code-gc server.ts",
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      // a cold start (PGlite migrations) takes up to a minute on a loaded machine
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(PORT),
        DATA_DIR: process.env.E2E_DATA_DIR,
        DATABASE_URL: "",
        SMTP_URL: "",
        // production refuses to start without SMTP_URL unless files are chosen on purpose
        MAIL_TRANSPORT: "file",
        PUBLIC_URL: baseURL,
        LEADS_EMAIL: "leads@remediation.test",
        COMPANY_PHONE: E2E_COMPANY_PHONE.display,
        COMPANY_EMAIL: E2E_COMPANY_EMAIL,
        // a completed request asks for a review (messages.spec.ts); without it none is sent
        REVIEW_URL: "https://reviews.remediation.test/utah-home-remediation",
        QUOTE_RATE_LIMIT: "1000",
        // the suite signs in far more often than one person would; limits are tested in integration
        RATE_LIMIT_SCALE: process.env.E2E_RATE_LIMIT_SCALE ?? "1000",
        LOG_LEVEL: "warn",
        METRICS_TOKEN: E2E_METRICS_TOKEN,
        // the admin admin.spec.ts enrols through the UI, and one per worker for the signed-in
        // fixture (tests/e2e/fixtures.ts) the other specs use
        ADMIN_EMAILS: [
          "admin.e2e@example.com",
          ...Array.from({ length: MAX_WORKERS }, (_, i) => fixtureAdminEmail(i)),
        ].join(","),
        // 'Continue with Test ID' (provider-sign-in.spec.ts), started above
        OIDC_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
        OIDC_CLIENT_ID: "remediation-test-client",
        OIDC_CLIENT_SECRET: "remediation-test-client-secret-0123456789",
        OIDC_NAME: "Test ID",
        // staff single sign-on (staff-sso.spec.ts): the same provider is the company's
        SSO_DOMAINS: SSO_E2E_DOMAIN,
        SSO_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
        SSO_CLIENT_ID: "remediation-test-client",
        SSO_CLIENT_SECRET: "remediation-test-client-secret-0123456789",
        // texts go to the local Messages API sink started above (phone-sign-in.spec.ts)
        SMS_URL: `http://ACtest0123456789:sink-token@127.0.0.1:${SMS_SINK_PORT}`,
        SMS_FROM: "+18015550100",
        // online payments through the local Stripe-compatible server started above
        // (payments.spec.ts); its key and signing secret are tests/setup/stripe-server.ts'
        STRIPE_SECRET_KEY: "sk_test_local",
        STRIPE_WEBHOOK_SECRET: "whsec_test_local_secret",
        STRIPE_API_URL: `http://127.0.0.1:${STRIPE_PORT}`,
      },
    },
  ],
});
