/**
 * No input can exhaust the server and no malformed input answers 500. The attacker's
 * exact requests go through the root middleware and the route's action as the router runs them:
 * each is refused with 400 or 413 and a plain message, nothing is written, memory stays flat, and
 * the form's rate limit still counts the refused post.
 */
import { count, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quotes, rate_limits, user } from "~/db/schema";
import { db } from "~/lib/db.server";
import { action as signIn } from "~/routes/auth/signin";
import { action as requestQuote } from "~/routes/quotes/request";
import { freshDatabase, type TestDatabase } from "../setup/database";
import { validAnswers } from "../setup/forms";
import { throughRoot } from "../setup/through-root";

const ORIGIN = "http://localhost:3000";
const FORM = "application/x-www-form-urlencoded";

let database: TestDatabase;
beforeAll(async () => {
  database = await freshDatabase("pglite", { QUOTE_RATE_LIMIT: "1000" });
});
afterAll(() => database.dispose());

const quoteCount = async () => (await db.select({ n: count() }).from(quotes))[0]?.n;
const userCount = async () => (await db.select({ n: count() }).from(user))[0]?.n;

/** A URL-encoded body of `fields` (repeated names for arrays) plus raw `extra` text. */
function encoded(fields: Record<string, string | readonly string[]>, extra = ""): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const v of typeof value === "string" ? [value] : value) params.append(name, v);
  return [params.toString(), extra].filter(Boolean).join("&");
}

function post(path: string, body: BodyInit | null, type: string | null = FORM) {
  const headers = new Headers({ Origin: ORIGIN });
  if (type) headers.set("Content-Type", type);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers, body });
}

const quote = (service: string, body: BodyInit | null, type?: string | null, ip?: string) =>
  throughRoot(post(`/quotes/${service}`, body, type), requestQuote, { params: { service }, ip });

/** Heap growth (MB) while `run` answers: a hundred-million-slot array would be gigabytes. */
async function heapGrowthMb(run: () => Promise<Response>) {
  global.gc?.();
  const before = process.memoryUsage().heapUsed;
  const response = await run();
  const after = process.memoryUsage().heapUsed;
  return { response, growthMb: (after - before) / 1024 / 1024 };
}

describe("every request body is bounded before it is parsed", () => {
  it("refuses the 55-byte sign-in post with a hundred-million list index: 400, memory flat", async () => {
    const { response, growthMb } = await heapGrowthMb(() =>
      throughRoot(
        post("/auth/signin", "email=x&password=x&junk%5B100000000%5D=x"),
        signIn as never,
      ),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(
      "This form could not be read. Please reload the page and try again.",
    );
    expect(growthMb).toBeLessThan(50);
  });

  it("refuses a valid water form with currentIssues[1000000]=taste, writing nothing", async () => {
    const before = await quoteCount();
    const { response, growthMb } = await heapGrowthMb(() =>
      quote(
        "water-filtration-remediation",
        encoded(validAnswers.water_filtration, "currentIssues%5B1000000%5D=taste"),
      ),
    );
    expect(response.status).toBe(400);
    expect(growthMb).toBeLessThan(50);
    expect(await quoteCount()).toBe(before);
  });

  it("refuses 50,000 repeated problemAreas on a mold form with 413, writing nothing", async () => {
    const before = await quoteCount();
    const repeated = Array.from({ length: 50_000 }, () => "problemAreas=bathroom").join("&");
    const response = await quote("mold-remediation", encoded(validAnswers.mold, repeated));
    expect(response.status).toBe(413);
    expect(await response.text()).toBe(
      "This request is too large. Please shorten your answers and try again.",
    );
    expect(await quoteCount()).toBe(before);
  });

  it("stores each catalog answer once: a repeated option within the limits is refused by the form", async () => {
    const before = await quoteCount();
    const response = await quote(
      "mold-remediation",
      encoded({ ...validAnswers.mold, problemAreas: ["bathroom", "bathroom", "basement"] }),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error?: Record<string, string[]> };
    expect(body.error?.problemAreas).toEqual(["Please choose each option at most once"]);
    expect(await quoteCount()).toBe(before);
  });

  it("refuses a 5,000-level dotted name, an over-long value and an over-large body", async () => {
    const deep = `${Array.from({ length: 5_000 }, () => "a").join(".")}=x`;
    expect((await quote("radon-remediation", encoded(validAnswers.radon, deep))).status).toBe(400);
    const longEmail = { ...validAnswers.radon, email: `${"a".repeat(20_000)}@example.com` };
    expect((await quote("radon-remediation", encoded(longEmail))).status).toBe(413);
    const huge = encoded(validAnswers.radon, `notes=${"x".repeat(300 * 1024)}`);
    expect((await quote("radon-remediation", huge)).status).toBe(413);
    // a body without a length that grows past the limit is cut off as it streams in
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 100; i += 1)
          controller.enqueue(new TextEncoder().encode("a=".repeat(5_000)));
        controller.close();
      },
    });
    const streamed = new Request(`${ORIGIN}/quotes/radon-remediation`, {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": FORM },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(
      (await throughRoot(streamed, requestQuote, { params: { service: "radon-remediation" } }))
        .status,
    ).toBe(413);
  });

  it("counts a refused sign-in post against the sign-in form's per-client limit", async () => {
    const ip = "203.0.113.78";
    const refused = await throughRoot(
      post("/auth/signin", "email=x&password=x&junk%5B100000000%5D=x"),
      signIn as never,
      { ip },
    );
    expect(refused.status).toBe(400);
    const rows = await db
      .select({ key: rate_limits.key, points: rate_limits.points })
      .from(rate_limits)
      .where(like(rate_limits.key, `%${ip}%`));
    expect(rows).toEqual([{ key: expect.stringContaining("sign-in"), points: 1 }]);
  });

  it("counts a refused quote post against the quote rate limit", async () => {
    const ip = "203.0.113.77";
    await quote("mold-remediation", encoded(validAnswers.mold, "x%5B100000%5D=1"), FORM, ip);
    const rows = await db
      .select({ points: rate_limits.points })
      .from(rate_limits)
      .where(like(rate_limits.key, `%${ip}%`));
    expect(rows.map((r) => r.points)).toEqual([1]);
  });
});

describe("malformed input answers 400, never 500", () => {
  const cases: [string, BodyInit | null, string | null][] = [
    ["a NUL byte in a text field", encoded({ ...validAnswers.mold, firstName: "Ann\0" }), FORM],
    ["a NUL byte in a field name", `${encoded(validAnswers.mold)}&na%00me=1`, FORM],
    ["a JSON body", JSON.stringify(validAnswers.mold), "application/json"],
    ["a text/plain body", "firstName=Ann", "text/plain"],
    ["an XML body", "<quote><firstName>Ann</firstName></quote>", "application/xml"],
    ["no body at all", null, null],
    ["a multipart body without its boundary", "--x\r\nbroken", "multipart/form-data"],
    [
      "a broken multipart body",
      '--b\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nAnn',
      "multipart/form-data; boundary=b",
    ],
    ["__state__=notjson", `${encoded(validAnswers.mold)}&__state__=notjson`, FORM],
    ["a malformed __intent__", `${encoded(validAnswers.mold)}&__intent__=%7Bnope`, FORM],
    [
      "an __intent__ naming a huge list index",
      `${encoded(validAnswers.mold)}&__intent__=${encodeURIComponent(
        JSON.stringify({
          type: "update",
          payload: { name: "problemAreas[100000000]", value: "x" },
        }),
      )}`,
      FORM,
    ],
  ];

  it.each(cases)("%s: 400, nothing written", async (_name, body, type) => {
    const quotesBefore = await quoteCount();
    const usersBefore = await userCount();
    const response = await quote("mold-remediation", body, type);
    expect(response.status).toBe(400);
    expect(await response.text()).not.toMatch(/stack|at \w+ \(|SELECT|INSERT/i);
    expect(await quoteCount()).toBe(quotesBefore);
    expect(await userCount()).toBe(usersBefore);
  });

  it("a well-formed post still reaches its action and is stored", async () => {
    const before = await quoteCount();
    const response = await quote("mold-remediation", encoded(validAnswers.mold));
    expect(response.status).toBe(302);
    expect(await quoteCount()).toBe((before ?? 0) + 1);
  });
});
