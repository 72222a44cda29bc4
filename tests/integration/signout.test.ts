import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { auth, CLIENT_IP_HEADER } from "~/features/accounts/auth.server";
import { db } from "~/lib/db.server";
import { requestContext } from "~/lib/request-context";
import { type SessionUser, userContext } from "~/lib/session.server";
import { takeToast } from "~/lib/toast.server";
import { action as profileAction, loader as profileLoader } from "~/routes/account/profile";
import { action as signOut } from "~/routes/auth/signout";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { throughRoot } from "../setup/through-root";

const ORIGIN = "http://localhost:3000";

describe.each(drivers)("sign-out on %s", (driver) => {
  let database: TestDatabase;
  let cookie: string;
  let user: SessionUser;
  beforeEach(async () => {
    database = await freshDatabase(driver);
    const headers = new Headers({ Origin: ORIGIN, [CLIENT_IP_HEADER]: "192.0.2.30" });
    await auth().api.signUpEmail({
      body: { email: "out@example.com", password: "correct horse 42", name: "Out" },
      headers,
    });
    await db.update(schema.user).set({ emailVerified: true });
    const signedIn = await auth().api.signInEmail({
      body: { email: "out@example.com", password: "correct horse 42" },
      headers,
      returnHeaders: true,
    });
    cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const [row] = await db.select().from(schema.session);
    user = {
      id: row!.userId,
      email: "out@example.com",
      emailVerified: true,
      fullName: null,
      isAdmin: false,
      twoFactorEnabled: false,
      sessionId: row!.id,
    };
  });
  afterEach(async () => {
    await database.dispose();
  });

  async function signOutNow(referer = `${ORIGIN}/account/profile`, scope?: "everywhere") {
    const context = new RouterContextProvider();
    context.set(requestContext, { clientIp: "192.0.2.30", nonce: "n", requestId: "r" });
    context.set(userContext, user);
    const request = new Request(`${ORIGIN}/auth/signout`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: ORIGIN, Referer: referer },
      body: scope ? new URLSearchParams({ scope }) : undefined,
    });
    const response = (await signOut({ request, context, params: {} } as never)) as Response;
    const toastCookie = response.headers.getSetCookie().find((c) => c.startsWith("toast=")) ?? "";
    const { toast } = await takeToast(
      new Request(ORIGIN, { headers: { Cookie: toastCookie.split(";")[0] as string } }),
    );
    return { response, toast };
  }

  it("ends the session and says 'Logged out successfully'", async () => {
    const { response, toast } = await signOutNow();
    expect(response.headers.get("Location")).toBe("/");
    expect(toast).toMatchObject({ type: "success", title: "Logged out successfully" });
    expect(await db.select().from(schema.session)).toEqual([]);
  });

  it("says 'Error logging out' and stays on the page when it cannot", async () => {
    await database.close();
    try {
      const { response, toast } = await signOutNow();
      expect(response.headers.get("Location")).toBe("/account/profile");
      expect(toast).toEqual({
        type: "error",
        title: "Error logging out",
        description: "There was a problem logging out. Please try again.",
      });
    } finally {
      await database.reopen();
    }
  });

  const hostileReferers = ["//evil.example/x", "/\\evil.example", "http://["];
  /** Whether a browser following `location` from this site stays on it. */
  const staysHere = (location: string | null) =>
    location !== null && new URL(location, ORIGIN).origin === ORIGIN;

  it("never follows a hostile Referer off-site when it signs out", async () => {
    for (const referer of hostileReferers) {
      const { response, toast } = await signOutNow(referer);
      expect(response.status, referer).toBe(302);
      expect(response.headers.get("Location"), referer).toBe("/");
      expect(toast, referer).toMatchObject({ type: "success" });
    }
  });

  it("sends a hostile Referer's sign-out error to a page on this site, never a 500", async () => {
    await database.close();
    try {
      for (const referer of hostileReferers) {
        const { response, toast } = await signOutNow(referer);
        expect(response.status, referer).toBe(302);
        const location = response.headers.get("Location");
        expect(staysHere(location), `${referer} -> ${location}`).toBe(true);
        expect(location, referer).toBe("/");
        expect(toast, referer).toMatchObject({ type: "error", title: "Error logging out" });
      }
    } finally {
      await database.reopen();
    }
  });

  /** Two more browsers signed in to the same account; their Cookie headers. */
  async function twoMoreBrowsers(): Promise<string[]> {
    const cookies: string[] = [];
    for (const ip of ["192.0.2.31", "192.0.2.32"]) {
      const signedIn = await auth().api.signInEmail({
        body: { email: "out@example.com", password: "correct horse 42" },
        headers: new Headers({ Origin: ORIGIN, [CLIENT_IP_HEADER]: ip }),
        returnHeaders: true,
      });
      cookies.push(
        signedIn.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; "),
      );
    }
    return cookies;
  }

  /** Where `browserCookie` gets on the profile page: 200, or the sign-in page. */
  async function profileWith(browserCookie: string) {
    const answer = await throughRoot(
      new Request(`${ORIGIN}/account/profile`, { headers: { Cookie: browserCookie } }),
      profileLoader,
    );
    return answer.status === 200 ? "profile" : (answer.headers.get("Location") ?? "");
  }

  it("'Sign out of other devices' ends the two other browsers' sessions and keeps this one", async () => {
    const others = await twoMoreBrowsers();
    expect(await profileWith(others[0] as string)).toBe("profile");
    const done = await throughRoot(
      new Request(`${ORIGIN}/account/profile`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: ORIGIN },
        body: new URLSearchParams({ intent: "revoke-others" }),
      }),
      profileAction,
    );
    expect(done.status).toBe(302);
    expect(await profileWith(cookie)).toBe("profile");
    for (const other of others) expect(await profileWith(other)).toMatch(/^\/auth\/signin/);
    expect((await db.select().from(schema.session)).map((s) => s.id)).toEqual([user.sessionId]);
  });

  it("'Sign out everywhere' ends all three browsers' sessions before it says so", async () => {
    const others = await twoMoreBrowsers();
    const { response, toast } = await signOutNow(`${ORIGIN}/account/profile`, "everywhere");
    expect(response.headers.get("Location")).toBe("/");
    expect(toast).toMatchObject({ type: "success", title: "Signed out everywhere" });
    expect(response.headers.getSetCookie().join()).toMatch(/session_token=;/);
    expect(await db.select().from(schema.session)).toEqual([]);
    for (const browser of [cookie, ...others]) {
      expect(await profileWith(browser)).toMatch(/^\/auth\/signin/);
    }
  });
});
