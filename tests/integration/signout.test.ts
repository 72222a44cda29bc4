import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { auth, CLIENT_IP_HEADER } from "~/features/accounts/auth.server";
import { db } from "~/lib/db.server";
import { requestContext } from "~/lib/request-context";
import { type SessionUser, userContext } from "~/lib/session.server";
import { takeToast } from "~/lib/toast.server";
import { action as signOut } from "~/routes/auth/signout";
import { freshDatabase, type TestDatabase } from "../setup/database";

const ORIGIN = "http://localhost:3000";

describe("sign-out", () => {
  let database: TestDatabase;
  let cookie: string;
  let user: SessionUser;
  beforeEach(async () => {
    database = await freshDatabase("pglite");
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

  async function signOutNow() {
    const context = new RouterContextProvider();
    context.set(requestContext, { clientIp: "192.0.2.30", nonce: "n", requestId: "r" });
    context.set(userContext, user);
    const request = new Request(`${ORIGIN}/auth/signout`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: ORIGIN, Referer: `${ORIGIN}/account/profile` },
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
});
