/**
 * Random posts to our public form actions (random, bracketed, dotted and reserved
 * names, repeats, NUL bytes, long and non-ASCII values, every content type and broken bodies),
 * run through the root middleware and the action as the router runs them. With a fixed seed:
 * no answer is a 5xx, and a refused post writes no row.
 */
import { count } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { estimate_acceptances, estimate_declines, quotes, user, verification } from "~/db/schema";
import { partyOf } from "~/features/estimates/access.server";
import { saveEstimateDraft, sendEstimate } from "~/features/estimates/estimates.server";
import { listPriceBook } from "~/features/estimates/price-book.server";
import { estimateDraftSchema } from "~/features/estimates/schemas";
import { seedPriceBook } from "~/features/estimates/seed.server";
import { submitQuoteRequest } from "~/features/quotes/submit.server";
import { db } from "~/lib/db.server";
import { action as code } from "~/routes/auth/code";
import { action as forgotPassword } from "~/routes/auth/forgot-password";
import { action as resetPassword } from "~/routes/auth/reset-password";
import { action as signIn } from "~/routes/auth/signin";
import { action as signUp } from "~/routes/auth/signup";
import { action as smsCode } from "~/routes/auth/sms-code";
import { action as answerEstimate } from "~/routes/estimates/estimate";
import { action as requestQuote } from "~/routes/quotes/request";
import { makeUser } from "../setup/admin";
import { freshDatabase, type TestDatabase } from "../setup/database";
import { contact, formData, validAnswers } from "../setup/forms";
import { throughRoot } from "../setup/through-root";

const ORIGIN = "http://localhost:3000";
const SEED = 20261125;

let database: TestDatabase;
/** The token of a sent estimate, so that its accept and decline form is fuzzed past the lookup. */
let estimateToken = "";
beforeAll(async () => {
  database = await freshDatabase("pglite", {
    QUOTE_RATE_LIMIT: "100000",
    RATE_LIMIT_SCALE: "10000",
  });
  await seedPriceBook();
  const staff = partyOf(await makeUser("fuzz.admin@example.com", { admin: true, totp: true }));
  const quote = await submitQuoteRequest("radon", formData(validAnswers.radon), {
    clientIp: "192.0.2.1",
    owner: { userId: null },
  });
  if (quote.ok !== true) throw new Error("quote fixture failed");
  const [item] = await listPriceBook({ service: "radon" });
  if (!item) throw new Error("no radon price book item");
  const draft = estimateDraftSchema.parse({
    options: [{ name: "Passive system", lines: [{ priceBookItemId: item.id, quantity: "1" }] }],
  });
  await saveEstimateDraft(staff, quote.quoteId, draft);
  const sent = await sendEstimate(staff, quote.quoteId);
  if (!sent.ok) throw new Error(sent.message);
  estimateToken = sent.url.split("/").pop() as string;
}, 180_000);
afterAll(() => database.dispose());

const rowCounts = async () => ({
  quotes: (await db.select({ n: count() }).from(quotes))[0]?.n,
  users: (await db.select({ n: count() }).from(user))[0]?.n,
  verifications: (await db.select({ n: count() }).from(verification))[0]?.n,
  acceptances: (await db.select({ n: count() }).from(estimate_acceptances))[0]?.n,
  declines: (await db.select({ n: count() }).from(estimate_declines))[0]?.n,
});

const knownNames = [
  ...Object.keys(validAnswers.water_filtration),
  ...Object.keys(validAnswers.mold),
  ...Object.keys(validAnswers.radon),
  "password",
  "confirmPassword",
  "name",
  "code",
  "redirectTo",
  "intent",
  "versionId",
  "contentSha256",
  "option",
  "consent",
  "signerName",
  "signature",
  "reason",
];

const fieldName = fc.oneof(
  fc.constantFrom(...knownNames),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 12 }),
  fc
    .tuple(fc.constantFrom(...knownNames), fc.nat({ max: 200_000_000 }))
    .map(([name, index]) => `${name}[${index}]`),
  fc
    .tuple(fc.constantFrom(...knownNames), fc.integer({ min: 1, max: 400 }))
    .map(([name, depth]) => Array.from({ length: depth }, () => name).join(".")),
  fc.constantFrom("__intent__", "__state__", "__proto__", "constructor.prototype", "a[]", "a..b"),
);

const fieldValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(...Object.values(contact), "on", "bathroom", "taste", "\0", "{}", "{nope"),
  fc.string({ maxLength: 20 }).map((s) => `${s}\0${s}`),
  fc.nat({ max: 30_000 }).map((n) => "x".repeat(n)),
  fc.json().map((j) => j.slice(0, 200)),
);

const fields = fc.array(fc.tuple(fieldName, fieldValue), { maxLength: 40 });

/** One random body, encoded as a browser, a script or a broken client would send it. */
const body = fc.oneof(
  fields.map((f) => ({
    type: "application/x-www-form-urlencoded",
    body: new URLSearchParams(f).toString(),
  })),
  fields.map((f) => {
    const form = new FormData();
    for (const [name, value] of f) form.append(name, value);
    return { type: null as string | null, body: form as BodyInit | null };
  }),
  fields.map((f) => ({ type: "application/json", body: JSON.stringify(Object.fromEntries(f)) })),
  fields.map((f) => ({ type: "text/plain", body: f.map(([n, v]) => `${n}=${v}`).join("\n") })),
  fc.constantFrom(
    { type: "application/xml", body: "<a><b>1</b></a>" },
    { type: null, body: null },
    { type: "multipart/form-data", body: "--x\r\nbroken" },
    {
      type: "multipart/form-data; boundary=zz",
      body: '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1',
    },
    { type: "application/x-www-form-urlencoded; charset=utf-16", body: "a=%FF%FE%00" },
  ),
  fc
    .string({ maxLength: 300 })
    .map((raw) => ({ type: "application/x-www-form-urlencoded", body: raw })),
);

const forms = (): { path: string; action: unknown; params: Record<string, string> }[] => [
  {
    path: "/quotes/water-filtration-remediation",
    action: requestQuote,
    params: { service: "water-filtration-remediation" },
  },
  {
    path: "/quotes/mold-remediation",
    action: requestQuote,
    params: { service: "mold-remediation" },
  },
  {
    path: "/quotes/radon-remediation",
    action: requestQuote,
    params: { service: "radon-remediation" },
  },
  { path: "/auth/signin", action: signIn, params: {} },
  { path: "/auth/signup", action: signUp, params: {} },
  { path: "/auth/forgot-password", action: forgotPassword, params: {} },
  { path: "/auth/reset-password?token=abc", action: resetPassword, params: {} },
  { path: "/auth/code", action: code, params: {} },
  { path: "/auth/sms-code", action: smsCode, params: {} },
  { path: `/estimates/${estimateToken}`, action: answerEstimate, params: { token: estimateToken } },
];

describe("fuzzed posts to our form actions (fast-check, fixed seed)", () => {
  it("never answer 5xx, and a refused post writes no row", { timeout: 600_000 }, async () => {
    const statuses = new Map<number, number>();
    const estimateStatuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...forms()), body, async (form, sent) => {
        const before = await rowCounts();
        const headers = new Headers({ Origin: ORIGIN });
        if (sent.type) headers.set("Content-Type", sent.type);
        const request = new Request(`${ORIGIN}${form.path}`, {
          method: "POST",
          headers,
          body: sent.body,
        });
        const response = await throughRoot(request, form.action as never, {
          params: form.params,
        });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (form.action === answerEstimate) estimateStatuses.add(response.status);
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400) expect(await rowCounts()).toEqual(before);
      }),
      { seed: SEED, numRuns: 3000 },
    );
    // the runs reached the refusals and the forms' own validation alike
    expect(statuses.get(400)).toBeGreaterThan(100);
    expect(statuses.get(413)).toBeGreaterThan(10);
    // the estimate's posts went past its link (a 404 would mean the token was never found)
    expect(estimateStatuses.size).toBeGreaterThan(0);
    expect(estimateStatuses.has(404)).toBe(false);
  });
});
