import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// One fresh data directory per run (PGlite + dev mail), shared with workers through the env.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "remediation-e2e-"));
// E2E_PORT lets two checkouts run their suites side by side (server.spec.ts uses PORT+97..99 too).
export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
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
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
    trace: "retain-on-failure",
  },
  webServer: {
    command: "node server.ts",
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
      QUOTE_RATE_LIMIT: "1000",
      // the suite signs in far more often than one person would; limits are tested in integration
      RATE_LIMIT_SCALE: process.env.E2E_RATE_LIMIT_SCALE ?? "1000",
      LOG_LEVEL: "warn",
      // the admins of the back-office spec (admin.spec.ts), the blog editor's (blog-editor.spec.ts)
      // and the analytics spec's (analytics.spec.ts: no data-layer pushes on /admin)
      ADMIN_EMAILS: "admin.e2e@example.com,editor.e2e@example.com,analytics.e2e@example.com",
    },
  },
});
