/**
 * The operator's view of the running production server: /metrics behind its bearer token, with
 * requests labelled by route pattern only (a walk over token pages leaves no token or id in any
 * label), and /readyz. Requests only: no browser is needed.
 */
import { randomUUID } from "node:crypto";
import { E2E_METRICS_TOKEN } from "../../playwright.config";
import { expect, test } from "./fixtures";

test("/metrics needs the bearer token; its request labels are route patterns, never a token or an id", async ({
  request,
}) => {
  const none = await request.get("/metrics");
  expect(none.status()).toBe(401);
  expect(none.headers()["www-authenticate"]).toBe('Bearer realm="metrics"');
  expect(await none.text()).not.toContain("http_request_duration_seconds");
  const wrong = await request.get("/metrics", {
    headers: { Authorization: "Bearer e2e-metrics-token-0123456789abcdef0123456780" },
  });
  expect(wrong.status()).toBe(401);

  // a walk over the pages whose address holds a secret or an id (each its own, unguessable)
  const secret = () => `tok${randomUUID().replaceAll("-", "")}`;
  const secrets: string[] = [];
  const paths = [
    (s: string) => `/quotes/status/${s}`,
    (s: string) => `/quotes/status/${s}/visit`,
    (s: string) => `/quotes/status/${s}.data`,
    (s: string) => `/estimates/${s}`,
    (s: string) => `/estimates/${s}/pdf`,
    (s: string) => `/records/${s}`,
    (s: string) => `/unsubscribe/${s}`,
    (s: string) => `/auth/reset-password?token=${s}`,
    (s: string) => `/api/auth/reset-password/${s}?callbackURL=%2F`,
    (s: string) => `/blog/${s}`,
    (s: string) => `/uploads/${s}.webp`,
    (s: string) => `/no-such-page-${s}`,
  ];
  for (const path of paths) {
    const value = secret();
    secrets.push(value);
    const answer = await request.get(path(value), { maxRedirects: 0 });
    expect(answer.status(), path(value)).toBeLessThan(500);
  }
  const id = randomUUID();
  secrets.push(id);
  await request.get(`/account/quotes/${id}/estimate`, { maxRedirects: 0 });
  await request.get(`/admin/quotes/${id}`, { maxRedirects: 0 });

  const scrape = await request.get("/metrics", {
    headers: { Authorization: `Bearer ${E2E_METRICS_TOKEN}` },
  });
  expect(scrape.status()).toBe(200);
  expect(scrape.headers()["content-type"]).toContain("text/plain");
  const text = await scrape.text();
  for (const value of secrets) expect(text).not.toContain(value);
  const routes = new Set(
    [...text.matchAll(/^http_request_duration_seconds_count\{[^}]*route="([^"]*)"/gm)].map(
      (m) => m[1],
    ),
  );
  for (const pattern of [
    "/quotes/status/:token",
    "/quotes/status/:token/visit",
    "/estimates/:token",
    "/estimates/:token/pdf",
    "/records/:token",
    "/unsubscribe/:token",
    "/auth/reset-password",
    "/api/auth/*",
    "/blog/:slug",
    "/uploads/:file",
    "/*",
    "/account/quotes/:id/estimate",
    "/admin/quotes/:id",
  ]) {
    expect(routes, pattern).toContain(pattern);
  }
  // every label is a pattern of the route table (or "(none)": files and prerendered pages);
  // parameter names may be camelCase (:fileId)
  for (const route of routes) expect(route).toMatch(/^(\(none\)|\/[a-z0-9/:*._-]*)$/i);
  expect(text).toMatch(/^outbox_pending_messages\{channel="mail"\} \d+$/m);
  expect(text).toMatch(/^outbox_oldest_pending_age_seconds \d/m);
  expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  expect(text).toMatch(/^process_cpu_seconds_total \d/m);

  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: "ready" });
});
