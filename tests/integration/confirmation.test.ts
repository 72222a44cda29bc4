import { randomUUID } from "node:crypto";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { confirmationCookieHeader } from "~/features/quotes/confirmation.server";
import { submitQuoteRequest } from "~/features/quotes/submit.server";
import * as confirmationRoute from "~/routes/quotes/confirmation";
import * as requestRoute from "~/routes/quotes/request";
import { ORIGIN } from "../setup/actions";
import { freshDatabase, type TestDatabase } from "../setup/database";
import { formData, validAnswers } from "../setup/forms";
import { renderRoute } from "../setup/render";
import { throughRoot } from "../setup/through-root";

const { loader } = confirmationRoute;

async function visit(cookie?: string) {
  const headers = cookie ? { Cookie: cookie.split(";")[0] as string } : undefined;
  const request = new Request("http://localhost:3000/quotes/confirmation", { headers });
  return loader({ request, params: {}, context: new RouterContextProvider() } as never);
}

describe("quote confirmation page", () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase("pglite");
  });
  afterEach(async () => {
    await database.dispose();
  });

  it("shows the new quote's reference and date from the signed cookie", async () => {
    const outcome = await submitQuoteRequest("radon", formData(validAnswers.radon), {
      clientIp: "192.0.2.1",
      owner: { userId: null },
    });
    const id = outcome.ok === true ? outcome.quoteId : "";
    const page = await visit(await confirmationCookieHeader(id));
    expect(page).toMatchObject({
      state: "found",
      reference: id.slice(0, 8),
      serviceId: "radon",
      owned: false,
      status: null,
    });
    expect(page.state === "found" && page.submittedAt).toMatch(/\d{4} at \d{1,2}:\d{2} [AP]M/);
  });

  it("says no request was found, and claims no success, without a cookie or with a forged one", async () => {
    expect(await visit()).toEqual({ state: "none", signedIn: false });
    const forged = `quote_confirmation=${btoa(JSON.stringify({ quoteId: randomUUID(), exp: Date.now() + 1e6 }))}`;
    expect(await visit(forged)).toEqual({ state: "none", signedIn: false });
    const forgedReceived = `quote_confirmation=${btoa(JSON.stringify({ received: true, exp: Date.now() + 1e6 }))}`;
    expect(await visit(forgedReceived)).toEqual({ state: "none", signedIn: false });

    // the page a fresh browser gets: what is true, and where to go from here
    const { status, html } = await renderRoute(
      confirmationRoute as never,
      "/quotes/confirmation",
      "/quotes/confirmation",
    );
    expect(status).toBe(200);
    expect(html).not.toContain("Quote Submitted Successfully!");
    expect(html).not.toContain("has been received");
    expect(html).toMatch(/<h1[^>]*>No quote request found<\/h1>/);
    for (const form of ["water-filtration-remediation", "mold-remediation", "radon-remediation"]) {
      expect(html).toContain(`href="/quotes/${form}"`);
    }
    expect(html).toContain('href="/auth/signin"');
  });

  it("shows the SPEC's generic 'received' message to a post dropped as a bot's", async () => {
    const body = formData({ ...validAnswers.mold, website: "http://spam.example" });
    const answer = await throughRoot(
      new Request(`${ORIGIN}/quotes/mold-remediation`, {
        method: "POST",
        headers: { Origin: ORIGIN },
        body,
      }),
      requestRoute.action,
      { params: { service: "mold-remediation" } },
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/quotes/confirmation");
    const cookie = answer.headers.get("Set-Cookie") ?? "";
    expect(await visit(cookie)).toEqual({ state: "received", signedIn: false });
  });

  it("refuses a genuine cookie whose quote id was changed", async () => {
    const outcome = await submitQuoteRequest("mold", formData(validAnswers.mold), {
      clientIp: "192.0.2.2",
      owner: { userId: null },
    });
    const id = outcome.ok === true ? outcome.quoteId : "";
    const genuine = await confirmationCookieHeader(id);
    expect(await visit(genuine)).toMatchObject({ state: "found" });
    const [name, value] = (genuine.split(";")[0] as string).split("=") as [string, string];
    const other = randomUUID();
    const tampered = atob(decodeURIComponent(value)).replace(id, other);
    expect(tampered).toContain(other);
    expect(await visit(`${name}=${encodeURIComponent(btoa(tampered))}`)).toEqual({
      state: "none",
      signedIn: false,
    });
  });

  it("shows the SPEC's error text state when the quote cannot be loaded", async () => {
    expect(await visit(await confirmationCookieHeader(randomUUID()))).toEqual({
      state: "error",
      signedIn: false,
    });
  });
});
