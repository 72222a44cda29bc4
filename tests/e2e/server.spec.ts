import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { baseURL, PORT } from "../../playwright.config";
import { expect, test } from "./fixtures";

function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: "",
      MAIL_TRANSPORT: "file",
      LOG_LEVEL: "warn",
      ...env,
    },
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

// each test starts servers of its own (a cold start migrates a fresh PGlite): one at a time, in
// one worker, so two cold starts never share the machine's cores with the suite's own server
test.describe.configure({ mode: "default", timeout: 240_000 });

/** How long a cold start may take: beside the suite's other worker it passed 30 s in CI. */
const READY = { timeout: 90_000 };

test("a second server on the same PGlite directory is refused at once", async () => {
  const second = runServer({
    PORT: String(PORT + 99),
    DATA_DIR: process.env.E2E_DATA_DIR as string,
  });
  expect(await second.exited).toBe(1);
  expect(second.output()).toContain("is already in use by another process");
});

test("a PGlite server killed with SIGKILL starts again at once on its directory", async ({
  request,
}) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-sigkill-"));
  const env = { PORT: String(PORT + 95), DATA_DIR: dataDir };
  const server = runServer(env);
  try {
    await expect.poll(() => server.output(), READY).toContain("Server ready");
    server.child.kill("SIGKILL");
    await server.exited;

    const again = runServer(env);
    try {
      // within the normal start time, not after the dead process's lock has aged
      await expect.poll(() => again.output(), READY).toContain("Server ready");
      expect(again.output()).not.toContain("already in use");
      const health = await request.get(`http://127.0.0.1:${PORT + 95}/healthz`);
      expect(health.status()).toBe(200);
    } finally {
      again.child.kill("SIGTERM");
      await again.exited;
    }
  } finally {
    server.child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("SIGTERM lets an in-flight quote request finish before stopping, and /readyz answers 503 at once", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-inflight-"));
  const server = runServer({
    PORT: String(PORT + 97),
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${PORT + 97}`,
  });
  await expect.poll(() => server.output(), READY).toContain("Server ready");

  const body = new URLSearchParams({
    propertyType: "residential",
    firstName: "Ida",
    lastName: "Flight",
    email: "ida@example.com",
    phone: "8015550111",
    zipCode: "84010",
  }).toString();
  const socket = net.connect(PORT + 97, "127.0.0.1");
  let answer = "";
  socket.on("data", (chunk) => (answer += chunk));
  await new Promise((resolve) => socket.once("connect", resolve));
  // the request is under way: headers sent, body still to come
  socket.write(
    `POST /quotes/radon-remediation HTTP/1.1\r\nHost: 127.0.0.1:${PORT + 97}\r\n` +
      `Origin: http://127.0.0.1:${PORT + 97}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
      `Content-Length: ${body.length}\r\n\r\n`,
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  server.child.kill("SIGTERM");
  await expect.poll(() => server.output()).toContain("SIGTERM received");
  // a load balancer's readiness check on the same connection, after the quote (pipelined)
  socket.write(`${body}GET /readyz HTTP/1.1\r\nHost: 127.0.0.1:${PORT + 97}\r\n\r\n`);

  await expect.poll(() => answer).toMatch(/^HTTP\/1\.1 302/);
  expect(answer).toMatch(/Location: \/quotes\/confirmation/i);
  await expect.poll(() => answer).toContain('{"status":"not ready","reasons":["stopping"]}');
  expect(answer).toMatch(/HTTP\/1\.1 503 Service Unavailable\r\n/);
  socket.end();
  expect(await server.exited).toBe(0);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("SIGTERM finishes, closes the database and frees its directory", async ({ request }) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-sigterm-"));
  const server = runServer({ PORT: String(PORT + 98), DATA_DIR: dataDir });
  await expect.poll(() => server.output(), READY).toContain("Server ready");
  const health = await request.get(`http://127.0.0.1:${PORT + 98}/healthz`);
  expect(await health.json()).toMatchObject({
    status: "ok",
    database: { ok: true, driver: "pglite" },
  });
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
  expect(server.output()).toContain("Stopped cleanly");

  const again = runServer({ PORT: String(PORT + 98), DATA_DIR: dataDir });
  await expect.poll(() => again.output(), READY).toContain("Server ready");
  again.child.kill("SIGTERM");
  expect(await again.exited).toBe(0);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("behind HTTPS, pages and files alike pin HTTPS (HSTS); over plain HTTP nothing is pinned", async ({
  request,
}) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-hsts-"));
  const server = runServer({
    PORT: String(PORT + 96),
    DATA_DIR: dataDir,
    PUBLIC_URL: "https://remediation.example",
    AUTH_SECRET: "a-test-secret-of-at-least-32-characters",
    // a public PUBLIC_URL needs the company's contact (lib/env.server.ts)
    COMPANY_PHONE: "(801) 555-0123",
    COMPANY_EMAIL: "office@remediation.example",
  });
  try {
    await expect.poll(() => server.output(), READY).toContain("Server ready");
    const html = await (await request.get(`http://127.0.0.1:${PORT + 96}/products`)).text();
    const script = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? "";
    expect(script).not.toBe("");
    for (const url of ["/products", "/quotes/mold-remediation", script, "/favicon.svg"]) {
      const response = await request.get(`http://127.0.0.1:${PORT + 96}${url}`);
      expect(response.status(), url).toBe(200);
      expect(response.headers()["strict-transport-security"], url).toBe(
        "max-age=63072000; includeSubDomains",
      );
    }
    for (const url of ["/products", script]) {
      expect((await request.get(url)).headers()["strict-transport-security"]).toBeUndefined();
    }
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("pages carry the security headers; cross-site POSTs are refused", async ({ request }) => {
  const page = await request.get("/quotes/water-filtration-remediation"); // rendered per request (/ is prerendered: hashes);
  const headers = page.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-powered-by"]).toBeUndefined();

  const form = { firstName: "Eve" };
  const foreignOrigin = await request.post("/quotes/mold-remediation", {
    headers: { Origin: "https://attacker.example" },
    form,
    maxRedirects: 0,
  });
  expect(foreignOrigin.status()).toBe(403);
  const crossSite = await request.post("/quotes/mold-remediation", {
    headers: { "Sec-Fetch-Site": "cross-site" },
    form,
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);
  expect(await crossSite.text()).not.toMatch(/at .*\.js|Error:/);
});

test("guests share one render of a page, each response with its own nonce; signed-in pages are their own; public pages fetch their scripts after the first paint, others at low priority", async ({
  request,
  browser,
  customer,
}) => {
  const nonceOf = (csp: string) => csp.match(/'nonce-([^']+)'/)?.[1] ?? "";
  const get = async (referer?: string) => {
    const response = await request.get("/quotes/radon-remediation", {
      headers: referer ? { Referer: referer } : {},
    });
    expect(response.status()).toBe(200);
    const nonce = nonceOf(response.headers()["content-security-policy"] ?? "");
    const html = await response.text();
    return { nonce, html };
  };
  const first = await get();
  const second = await get();
  expect(first.nonce).not.toBe(second.nonce);
  for (const { nonce, html } of [first, second]) {
    const scriptNonces = [...html.matchAll(/<script[^>]*\snonce="([^"]*)"/g)].map((m) => m[1]);
    expect(scriptNonces.length).toBeGreaterThan(0);
    expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
  }
  // ...and its own quote form key (issue 16: two guests never share one idempotency key)
  const keyOf = (html: string) => html.match(/name="submissionKey" value="([^"]+)"/)?.[1] ?? "";
  expect(keyOf(first.html)).toMatch(
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  );
  expect(keyOf(second.html)).not.toBe(keyOf(first.html));
  const shared = (page: { nonce: string; html: string }) =>
    page.html.replaceAll(page.nonce, "N").replaceAll(keyOf(page.html), "K");
  expect(shared(second)).toBe(shared(first));
  // other loader data (the Back link from the Referer) is another render, and not kept for others
  const backLink = (html: string) =>
    html.match(/<a href="([^"]*)"[^>]*>(?:(?!<\/a>)[\s\S])*?Back<\/a>/)?.[1];
  expect(backLink(first.html)).toBe("/products/radon-remediation");
  const fromUtah = await get(`${baseURL}/products/radon-remediation/utah`);
  expect(backLink(fromUtah.html)).toBe("/products/radon-remediation/utah");
  expect(backLink((await get()).html)).toBe("/products/radon-remediation");

  // a signed-in customer gets a page rendered for them (prefilled), never a guest's copy
  const context = await browser.newContext({ storageState: customer.storageState });
  const page = await context.newPage();
  const email = customer.email;
  await page.goto("/quotes/radon-remediation");
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(email);
  const guestAgain = await get();
  expect(guestAgain.html).not.toContain(email);
  const signedInHtml = await (await context.request.get("/quotes/radon-remediation")).text();
  expect(signedInHtml).toContain(email);
  await context.close();

  // every way a page is made (prerendered, a guest's memo, a signed-in stream) leaves the first
  // paint what it needs: a public page fetches its scripts only after it (no preloads, no module
  // script: a classic script imports them), other pages preload them at low priority
  const prerendered = await (await request.get("/products")).text();
  for (const html of [prerendered, first.html, signedInHtml]) {
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain('type="text/x-module-after-paint"');
  }
  const signIn = await (await request.get("/auth/signin")).text();
  const preloads = signIn.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
  expect(preloads.length).toBeGreaterThan(2);
  for (const link of preloads) expect(link).toContain('fetchpriority="low"');
});
