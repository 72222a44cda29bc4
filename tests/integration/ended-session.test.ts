/**
 * A tab left open after its session ended (signed out in another tab, expired, 'sign out other
 * devices'): its next request goes to sign-in, which says the session ended and afterwards
 * returns to the page itself, never to React Router's data URL (`/account/properties.data`).
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { sessionMiddleware } from "~/features/accounts/session-middleware.server";
import { db } from "~/lib/db.server";
import { requestContext } from "~/lib/request-context";
import { adminMiddleware } from "~/lib/session.server";
import * as accountLayout from "~/routes/account/layout";
import * as signPage from "~/routes/auth/signin";
import { signedInAccount } from "../setup/accounts";
import { ORIGIN, post } from "../setup/actions";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { renderRoute } from "../setup/render";

const ENDED = "Your session has ended. Please sign in again.";

/**
 * `path` requested with `cookie` through the root session middleware and then `guard` (a loader
 * or a route middleware), as the server runs them.
 */
async function visit(
  path: string,
  guard: (args: never, next: never) => unknown,
  { cookie, method = "GET" }: { cookie?: string; method?: string } = {},
): Promise<Response> {
  const context = new RouterContextProvider();
  context.set(requestContext, { clientIp: "192.0.2.77", nonce: "n", requestId: randomUUID() });
  const headers = new Headers({ Origin: ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  const request = new Request(`${ORIGIN}${path}`, {
    method,
    headers,
    body: method === "GET" ? undefined : new URLSearchParams({ address: "1 Main St" }),
  });
  const next = async () => {
    try {
      return Response.json(
        await guard(
          { request, context, params: {} } as never,
          (async () => new Response()) as never,
        ),
      );
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  };
  return sessionMiddleware({ request, context, params: {} } as never, next) as Promise<Response>;
}

describe.each(drivers)("a tab whose session ended, on %s", (driver) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase(driver);
  });
  afterEach(async () => {
    await database.dispose();
  });

  it("a sidebar click after signing out elsewhere goes to sign-in for the page (not its .data URL), saying the session ended", async () => {
    const account = await signedInAccount("tab@example.com");
    // signed in: the data request for the properties page passes the guard
    const before = await visit(
      "/account/properties.data?_routes=routes%2Faccount%2Flayout",
      accountLayout.loader,
      {
        cookie: account.cookie,
      },
    );
    expect(before.status).toBe(200);

    // 'sign out other devices' / sign-out in another tab: the session row is gone
    await db.delete(schema.session).where(eq(schema.session.userId, account.user.id));
    const after = await visit(
      "/account/properties.data?_routes=routes%2Faccount%2Flayout",
      accountLayout.loader,
      {
        cookie: account.cookie,
      },
    );
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toBe(
      "/auth/signin?redirectTo=%2Faccount%2Fproperties&session=ended",
    );

    // the browser already dropped the cookie (signed out in another tab of the same browser)
    const noCookie = await visit("/account/properties.data", accountLayout.loader);
    expect(noCookie.headers.get("Location")).toBe(
      "/auth/signin?redirectTo=%2Faccount%2Fproperties&session=ended",
    );
    // a form submitted from the stale page (JavaScript off: a document POST)
    const formPost = await visit("/account/properties", accountLayout.loader, { method: "POST" });
    expect(formPost.headers.get("Location")).toBe(
      "/auth/signin?redirectTo=%2Faccount%2Fproperties&session=ended",
    );
  });

  it("the sign-in page says the session ended, and signing in lands on the page", async () => {
    await signedInAccount("back@example.com");
    const page = await renderRoute(
      signPage,
      "/auth/signin",
      "/auth/signin?redirectTo=%2Faccount%2Fproperties&session=ended",
    );
    expect(page.status).toBe(200);
    expect(page.html).toContain(ENDED);
    expect(page.html).toContain('name="redirectTo" value="/account/properties"');

    // a link already sent out with the data URL (the defect's own) is read as the page
    const old = await renderRoute(
      signPage,
      "/auth/signin",
      "/auth/signin?redirectTo=%2Faccount%2Fproperties.data",
    );
    expect(old.html).toContain('name="redirectTo" value="/account/properties"');
    expect(old.html).not.toContain(ENDED);

    const signedIn = await post(
      signPage.action,
      "/auth/signin",
      {
        email: "back@example.com",
        password: "correct horse 42",
        redirectTo: "/account/properties.data",
      },
      "192.0.2.78",
    );
    expect(signedIn.status).toBe(302);
    expect(signedIn.location).toBe("/account/properties");
  });

  it("a guest opening an account page is sent to sign in without being told a session ended", async () => {
    const guest = await visit("/account/properties", accountLayout.loader);
    expect(guest.headers.get("Location")).toBe("/auth/signin?redirectTo=%2Faccount%2Fproperties");
    const page = await renderRoute(
      signPage,
      "/auth/signin",
      "/auth/signin?redirectTo=%2Faccount%2Fproperties",
    );
    expect(page.html).not.toContain(ENDED);
  });

  it("an admin's ended session is sent to sign-in for the admin page, not its .data URL", async () => {
    const admin = await signedInAccount("boss@example.com");
    await db
      .update(schema.profiles)
      .set({ is_admin: true })
      .where(eq(schema.profiles.id, admin.user.id));
    await db.delete(schema.session).where(eq(schema.session.userId, admin.user.id));
    const after = await visit(
      "/admin/quotes.data?status=pending&_routes=routes%2Fadmin%2Fquotes",
      adminMiddleware,
      {
        cookie: admin.cookie,
      },
    );
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toBe(
      `/auth/signin?redirectTo=${encodeURIComponent("/admin/quotes?status=pending")}&session=ended`,
    );
    const home = await visit("/_.data", adminMiddleware, { cookie: admin.cookie });
    expect(home.headers.get("Location")).toBe("/auth/signin?redirectTo=%2F&session=ended");
  });
});
