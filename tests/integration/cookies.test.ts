import { sign } from "cookie-signature";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { env } from "~/lib/env.server";
import { requestContext } from "~/lib/request-context";
import { userContext } from "~/lib/session.server";
import { cookieSigningKey } from "~/lib/signed-cookie.server";
import { loader as rootLoader } from "~/root";
import { action as signOut } from "~/routes/auth/signout";
import { loader as confirmation } from "~/routes/quotes/confirmation";
import { action as requestQuote } from "~/routes/quotes/request";
import { freshDatabase, type TestDatabase } from "../setup/database";
import { formData, validAnswers } from "../setup/forms";

const ORIGIN = "https://remediation.example";

function routerContext() {
  const context = new RouterContextProvider();
  context.set(requestContext, { clientIp: "192.0.2.50", nonce: "n", requestId: "r" });
  context.set(userContext, null);
  return context;
}
const cookiePair = (setCookie: string) => setCookie.split(";")[0] as string;
const attributes = (setCookie: string) =>
  setCookie
    .split(";")
    .slice(1)
    .map((a) => a.trim().toLowerCase());

describe("our own cookies over HTTPS in production (docs/decisions/0038-signed-cookies.md)", () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase("pglite", {
      NODE_ENV: "production",
      PUBLIC_URL: ORIGIN,
      MAIL_TRANSPORT: "file",
      COMPANY_PHONE: "(801) 555-0123",
      COMPANY_EMAIL: "office@remediation.example",
    });
  });
  afterEach(async () => {
    await database.dispose();
  });

  it("carries a new quote in a __Secure- cookie (path /quotes) that the confirmation reads", async () => {
    const response = (await requestQuote({
      request: new Request(`${ORIGIN}/quotes/radon-remediation`, {
        method: "POST",
        headers: { Origin: ORIGIN },
        body: formData(validAnswers.radon),
      }),
      context: routerContext(),
      params: { service: "radon-remediation" },
    } as never)) as Response;
    expect(response.status).toBe(302);
    const [setCookie = ""] = response.headers.getSetCookie();
    expect(setCookie).toMatch(/^__Secure-quote_confirmation=/);
    expect(attributes(setCookie)).toEqual(
      expect.arrayContaining(["path=/quotes", "httponly", "secure", "samesite=lax"]),
    );

    const page = await confirmation({
      request: new Request(`${ORIGIN}/quotes/confirmation`, {
        headers: { Cookie: cookiePair(setCookie) },
      }),
      context: routerContext(),
      params: {},
    } as never);
    expect(page).toMatchObject({ state: "found", serviceId: "radon" });
  });

  it("shows a toast from a __Host- cookie; one signed with AUTH_SECRET itself is refused", async () => {
    const response = (await signOut({
      request: new Request(`${ORIGIN}/auth/signout`, {
        method: "POST",
        headers: { Origin: ORIGIN, Referer: `${ORIGIN}/account/profile` },
      }),
      context: routerContext(),
      params: {},
    } as never)) as Response;
    const setCookie = response.headers.getSetCookie().find((c) => c.includes("toast=")) ?? "";
    expect(setCookie).toMatch(/^__Host-toast=/);
    expect(attributes(setCookie)).toEqual(
      expect.arrayContaining(["path=/", "httponly", "secure", "samesite=lax"]),
    );
    expect(attributes(setCookie).some((a) => a.startsWith("domain="))).toBe(false);

    const visit = async (cookie: string) => {
      const result = (await rootLoader({
        request: new Request(`${ORIGIN}/`, { headers: { Cookie: cookie } }),
        context: routerContext(),
        params: {},
      } as never)) as unknown as { data: { toast: unknown } };
      return result.data.toast;
    };
    expect(await visit(cookiePair(setCookie))).toMatchObject({ title: expect.any(String) });

    // the same toast signed with better-auth's key (AUTH_SECRET itself) is not accepted
    const toastWith = (key: string | Buffer) => {
      const signed = sign(JSON.stringify({ type: "success", title: "Hi" }), key);
      return `__Host-toast=${encodeURIComponent(btoa(JSON.stringify(signed)))}`;
    };
    expect(await visit(toastWith(cookieSigningKey(env().AUTH_SECRET, "toast")))).toEqual({
      type: "success",
      title: "Hi",
    });
    expect(await visit(toastWith(env().AUTH_SECRET))).toBeNull();
  });
});
