import { spawn } from "node:child_process";
import type { Page } from "@playwright/test";
import { baseURL, PORT } from "../../playwright.config";
import { expect, PASSWORD, signInAs, test } from "./fixtures";

function watchConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") errors.push(message.text());
  });
  return errors;
}

test("a signed-in visitor sent to /auth/signin?redirectTo=/%09/evil.example stays on this site", async ({
  page,
  newCustomer,
}) => {
  const account = await newCustomer({ label: "redirect", fullName: null, password: PASSWORD });
  const email = account.email;
  await signInAs(page, account);

  // signed in: the sign-in page sends them home instead of following the target
  await page.goto("/auth/signin?redirectTo=/%09/evil.example");
  expect(new URL(page.url()).origin).toBe(baseURL);
  await expect(page).toHaveURL(/\/account\/setup$/);

  // signed out: the target is not carried into the form, and signing in lands here too
  await page.context().clearCookies();
  await page.goto("/auth/signin?redirectTo=/%09/evil.example");
  await expect(page.locator('input[name="redirectTo"]')).toHaveCount(0);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/account\/setup$/);
  expect(new URL(page.url()).origin).toBe(baseURL);
});

test("better-auth's links at /api/auth never send anyone off this site", async ({ request }) => {
  for (const target of ["https://evil.example/", "//evil.example", "/%09/evil.example"]) {
    const response = await request.get(
      `/api/auth/verify-email?token=not-a-token&callbackURL=${encodeURIComponent(target)}`,
      { maxRedirects: 0 },
    );
    // refused (403), or sent to a path on this site (better-auth keeps `%09` encoded)
    const location = response.headers().location;
    if (location === undefined) expect(response.status(), target).toBe(403);
    else expect(new URL(location, baseURL).origin, `${target} -> ${location}`).toBe(baseURL);
  }
});

test("the quote form answers 200 with a Back link on this site, whatever the Referer", async ({
  request,
}) => {
  const backLink = (html: string) =>
    html.match(/<a href="([^"]*)"[^>]*>(?:(?!<\/a>)[\s\S])*?Back<\/a>/)?.[1];
  const cases: [string, string][] = [
    ["http://[::1", "/products/mold-remediation"],
    ["not a url at all", "/products/mold-remediation"],
    [`${baseURL}//evil.example/`, "/products/mold-remediation"],
    [`${baseURL}/.//evil.example/`, "/products/mold-remediation"],
    [`${baseURL}/%09/evil.example`, "/products/mold-remediation"],
    ["https://evil.example/products/mold-remediation", "/products/mold-remediation"],
    [`${baseURL}/quotes/mold-remediation`, "/products/mold-remediation"],
    [
      `${baseURL}/products/mold-remediation/provo?from=ad`,
      "/products/mold-remediation/provo?from=ad",
    ],
  ];
  for (const [referer, expected] of cases) {
    const response = await request.get("/quotes/mold-remediation", {
      headers: { Referer: referer },
    });
    expect(response.status(), referer).toBe(200);
    expect(backLink(await response.text()), referer).toBe(expected.replaceAll("&", "&amp;"));
  }
});

test("signed-in pages and /auth pages are never stored; every page has the strict headers", async ({
  page,
  newCustomer,
}) => {
  const consoleErrors = watchConsoleErrors(page);
  const guestHome = await page.request.get("/");
  expect(guestHome.headers()["cache-control"] ?? "").not.toContain("no-store");
  /** The strict headers every page has: no <base> at all, and browser features we never use off. */
  const expectStrictHeaders = (headers: Record<string, string>, path: string) => {
    expect(headers["content-security-policy"], path).toContain("base-uri 'none'");
    const permissions = headers["permissions-policy"] ?? "";
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb", "serial"]) {
      expect(permissions, path).toContain(`${feature}=()`);
    }
  };
  for (const path of ["/auth/signin", "/auth/signup", "/auth/forgot-password", "/auth/code"]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"], path).toMatch(/(^|, )no-store$/);
    expectStrictHeaders(response.headers(), path);
  }
  // as a browser loads them, too (the document itself, not only an API request)
  for (const path of ["/auth/signin", "/auth/signup"]) {
    const response = await page.goto(path);
    expect(response!.headers()["cache-control"], path).toMatch(/(^|, )no-store$/);
    expectStrictHeaders(response!.headers(), path);
  }

  // an account of its own: the test signs it out
  await signInAs(page, await newCustomer({ label: "headers" }));
  const profile = await page.goto("/account/profile");
  const headers = profile!.headers();
  expect(headers["cache-control"]).toMatch(/(^|, )no-store$/);
  expectStrictHeaders(headers, "/account/profile");
  // a public page is private too once signed in (it shows the account menu)
  const signedInHome = await page.goto("/");
  expect(signedInHome!.headers()["cache-control"]).toMatch(/(^|, )no-store$/);
  expect(consoleErrors.filter((e) => /permissions.policy|content.security/i.test(e))).toEqual([]);

  const session = (await page.context().cookies()).find((c) => c.name.endsWith("session_token"));
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });

  // our own cookie: the toast after signing out (no Secure prefix over plain HTTP)
  // as the header's sign-out form posts it (an empty URL-encoded form)
  const signOut = await page.request.post("/auth/signout", {
    headers: { Origin: baseURL },
    form: {},
    maxRedirects: 0,
  });
  expect(signOut.status()).toBe(302);
  expect(signOut.headers()["cache-control"]).toMatch(/(^|, )no-store$/);
  const toast = signOut
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value)
    .find((v) => v.startsWith("toast="));
  expect(toast).toMatch(/; Path=\/(;|$)/);
  expect(toast).toMatch(/; HttpOnly(;|$)/);
  expect(toast).toMatch(/; SameSite=Lax(;|$)/);
});

test("in production the server refuses to start without SMTP_URL, or with TRUST_PROXY=true", async () => {
  async function start(env: Record<string, string>) {
    const child = spawn(process.execPath, ["server.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(PORT + 96),
        DATA_DIR: process.env.E2E_DATA_DIR as string,
        DATABASE_URL: "",
        SMTP_URL: "",
        MAIL_TRANSPORT: "",
        PUBLIC_URL: "https://www.example.com",
        COMPANY_PHONE: "(801) 555-0123",
        COMPANY_EMAIL: "office@example.com",
        LOG_LEVEL: "warn",
        ...env,
      },
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    return { code, lines: output.trim().split("\n") };
  }
  const noSmtp = await start({});
  expect(noSmtp.code).toBe(1);
  expect(noSmtp.lines).toEqual([
    expect.stringMatching(
      /^The server could not start: Invalid configuration: SMTP_URL: required in production.*MAIL_TRANSPORT=file/,
    ),
  ]);
  const trustAll = await start({ MAIL_TRANSPORT: "file", TRUST_PROXY: "true" });
  expect(trustAll.code).toBe(1);
  expect(trustAll.lines).toEqual([
    expect.stringMatching(/^The server could not start: .*TRUST_PROXY: must be a hop count/),
  ]);
});

test("the attacker's oversized and malformed posts answer 4xx with a plain message while the site stays up", async ({
  request,
}) => {
  const form = { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL };
  const probes: { path: string; data: string; headers?: Record<string, string>; status: number }[] =
    [
      // 55 bytes that once built a hundred-million-slot array and killed the process
      {
        path: "/auth/signin",
        data: "email=x&password=x&junk%5B100000000%5D=x",
        status: 400,
      },
      {
        path: "/quotes/water-filtration-remediation",
        data: "firstName=Ann&currentIssues%5B1000000%5D=taste",
        status: 400,
      },
      {
        path: "/quotes/mold-remediation",
        data: Array.from({ length: 50_000 }, () => "problemAreas=bathroom").join("&"),
        status: 413,
      },
      { path: "/quotes/radon-remediation", data: "firstName=A%00nn", status: 400 },
      {
        path: "/quotes/radon-remediation",
        data: '{"firstName":"Ann"}',
        headers: { "Content-Type": "application/json", Origin: baseURL },
        status: 400,
      },
      {
        path: "/auth/signup",
        data: "--b\r\nbroken",
        headers: { "Content-Type": "multipart/form-data; boundary=b", Origin: baseURL },
        status: 400,
      },
    ];
  for (const probe of probes) {
    const response = await request.post(probe.path, {
      data: probe.data,
      headers: probe.headers ?? form,
      maxRedirects: 0,
    });
    expect(response.status(), probe.path).toBe(probe.status);
    const page = await response.text();
    expect(page).toMatch(/This (form could not be read|request is too large|form contains)/);
    expect(page).not.toMatch(/at \w+ \(|node_modules|SELECT /);
    expect((await request.get("/healthz")).status()).toBe(200);
  }
});

test("a cross-site POST is refused by our check: 403 and a plain page", async ({ request }) => {
  const response = await request.post("/auth/signin", {
    data: "email=victim%40example.com&password=x",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "https://attacker.example",
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  expect(await response.text()).toContain("This request came from another site and was refused.");
});
