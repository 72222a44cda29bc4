/**
 * Every route of app/routes.ts with an id or a token in its address answers a malformed one with
 * 404, never a 500 from the database (docs/decisions/0185-one-id-parser.md): GET and POST, as an
 * admin and as a customer, through the root's and the layouts' middleware.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { db } from "~/lib/db.server";
import { isId, parseAccountId, parseId } from "~/lib/ids";
import { type SignedInAccount, signedInAccount, totpAccount } from "../setup/accounts";
import { ORIGIN } from "../setup/actions";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { pathOf, type RouteEntry, routeTable, runRoute } from "../setup/route-table";
import { quoteWithLink } from "../setup/visits";

/** Dynamic segments that name a record or carry a secret: each gets the malformed values. */
const ID_PARAMS = new Set(["id", "fileId", "token"]);
/** Dynamic segments that are words of a public page (a service, a town, a blog slug, a file). */
const OTHER_PARAMS = new Set(["service", "location", "slug", "file"]);

const SAMPLE = "0b7c3f2e-8f6a-4c1d-9e2b-3a4b5c6d7e8f";

/** Malformed ids as they appear in the address (percent-encoded where a browser would). */
const MALFORMED: Record<string, string> = {
  "36 hyphens": "-".repeat(36),
  "upper case": SAMPLE.toUpperCase(),
  "too long": `${SAMPLE}0`,
  "a NUL byte": "%00",
  "a UUID ending in NUL": `${SAMPLE.slice(0, 35)}%00`,
  "a literal %00": "%2500",
  "a leading space": `%20${SAMPLE}`,
  "a very long value": "a".repeat(4000),
};

function routesWithIds(): RouteEntry[] {
  return routeTable().filter((route) => route.params.some((name) => ID_PARAMS.has(name)));
}

describe("the id parser", () => {
  it("takes a canonical lower-case UUID and nothing else", () => {
    expect(parseId(SAMPLE)).toBe(SAMPLE);
    expect(isId(randomUUID())).toBe(true);
    for (const value of [
      ...Object.values(MALFORMED).map(decodeURIComponent),
      `${SAMPLE}\n`,
      ` ${SAMPLE}`,
      "",
      undefined,
      null,
      42,
      [SAMPLE],
    ]) {
      expect(parseId(value)).toBeNull();
    }
  });

  it("takes better-auth's account ids (and our tests' UUIDs), not NUL or punctuation", () => {
    expect(parseAccountId("aB3dE5fG7hJ9kL1mN3pQ5rS7tV9wX1yZ")).not.toBeNull();
    expect(parseAccountId(randomUUID())).not.toBeNull();
    for (const value of ["", "a\0b", "a/b", "a b", "x".repeat(33), "-".repeat(32), undefined]) {
      expect(parseAccountId(value)).toBeNull();
    }
  });
});

describe("the route table", () => {
  it("names every dynamic segment as an id or a public word, so a new one cannot be forgotten", () => {
    const names = new Set(routeTable().flatMap((route) => route.params));
    for (const name of names)
      expect(ID_PARAMS.has(name) || OTHER_PARAMS.has(name), name).toBe(true);
    // the sweep below covers the account, admin, status, estimate, record and unsubscribe routes
    expect(routesWithIds().length).toBeGreaterThanOrEqual(23);
  });
});

describe.each(drivers)("malformed ids in addresses on %s", (driver) => {
  let database: TestDatabase;
  let admin: SignedInAccount;
  let customer: SignedInAccount;
  let quoteId: string;

  beforeAll(async () => {
    database = await freshDatabase(driver);
    admin = await totpAccount("admin@example.com");
    await db
      .insert(schema.profiles)
      .values({ id: admin.user.id, full_name: "Staff", is_admin: true })
      .onConflictDoUpdate({ target: schema.profiles.id, set: { is_admin: true } });
    customer = await signedInAccount("owner@example.com");
    ({ quoteId } = await quoteWithLink("radon", customer.user.id));
  }, 120_000);
  afterAll(async () => {
    await database.dispose();
  });

  /** GETs or POSTs `path` of `route` as `who` (a guest when null). */
  function send(
    route: RouteEntry,
    method: "GET" | "POST",
    values: Record<string, string>,
    who: SignedInAccount | null,
  ) {
    const headers = new Headers(who ? { Cookie: who.cookie } : {});
    let body: URLSearchParams | undefined;
    if (method === "POST") {
      headers.set("Origin", ORIGIN);
      headers.set("Content-Type", "application/x-www-form-urlencoded");
      body = new URLSearchParams({ intent: "delete", id: SAMPLE });
    }
    const request = new Request(`${ORIGIN}${pathOf(route.pattern, values)}`, {
      method,
      headers,
      body,
    });
    const params = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [name, decodeURIComponent(value)]),
    );
    return runRoute(route, request, params);
  }

  const roles = [
    ["an admin", () => admin],
    ["a customer", () => customer],
  ] as const;

  for (const route of routesWithIds()) {
    for (const [role, who] of roles) {
      for (const method of ["GET", "POST"] as const) {
        it(`${method} ${route.pattern} as ${role}: 404 for every malformed id`, async () => {
          const outcomes: string[] = [];
          for (const param of route.params.filter((name) => ID_PARAMS.has(name))) {
            for (const [label, bad] of Object.entries(MALFORMED)) {
              // the other segments well-formed (an unknown record), this one malformed
              const values = Object.fromEntries(route.params.map((name) => [name, SAMPLE]));
              values[param] = bad;
              const answer = await send(route, method, values, who());
              if (!answer) return; // no action (or loader) for this method
              // a customer is turned away from the back office first (or told nothing either)
              const reachable = !route.pattern.startsWith("/admin") || who() === admin;
              const expected = reachable ? [404] : [302, 404];
              if (!expected.includes(answer.status)) {
                outcomes.push(`:${param} ${label}: ${answer.status} (expected ${expected})`);
              }
            }
          }
          expect(outcomes).toEqual([]);
        });
      }
    }
  }

  it("a quote's page answers its canonical id and 404 for the same id in upper case", async () => {
    const [page] = routeTable().filter((route) => route.pattern === "/admin/quotes/:id");
    expect((await send(page as RouteEntry, "GET", { id: quoteId }, admin))?.status).toBe(200);
    const upper = quoteId.toUpperCase();
    expect((await send(page as RouteEntry, "GET", { id: upper }, admin))?.status).toBe(404);
  });
});
