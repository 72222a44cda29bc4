/**
 * The quote forms' error summary after a refused submission (the server's answer, as a browser
 * without JavaScript gets it): a plain title with the number of answers to fix, the SPEC's
 * form-level message kept, and the errors listed in the order the fields come on the page, each
 * linking to a field that exists.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { serviceById } from "~/features/catalog/services";
import { quoteForms } from "~/features/quotes/forms";
import * as requestRoute from "~/routes/quotes/request";
import { ORIGIN } from "../setup/actions";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { formData } from "../setup/forms";
import { throughRoot } from "../setup/through-root";

/** Each form sent with its required answers missing and some answers out of range. */
const refused = {
  water_filtration: { numBathrooms: "0", numResidents: "0", email: "not-an-email" },
  mold: { email: "not-an-email", phone: "12", urgencyLevel: "whenever" },
  radon: { squareFootage: "5", numLevels: "0", yearBuilt: "12", zipCode: "8" },
} as const;

/** The form under test with the server's answer (set by the test before rendering). */
let shown: { serviceId: keyof typeof refused; lastResult: unknown } | undefined;
function ShownForm() {
  if (!shown) throw new Error("no form to show");
  const service = serviceById(shown.serviceId);
  return createElement(quoteForms[shown.serviceId] as never, {
    service,
    lastResult: shown.lastResult,
    backHref: "/",
    submitFailedAt: null,
  });
}

const decode = (html: string) =>
  html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

describe.each(drivers)("the quote forms' error summary on %s", (driver) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase(driver);
  });
  afterEach(async () => {
    await database.dispose();
  });

  it.each(Object.keys(refused) as (keyof typeof refused)[])(
    "%s: a plain title with the count, the SPEC's message, errors in the order of the fields",
    async (serviceId) => {
      const service = serviceById(serviceId);
      const answer = await throughRoot(
        new Request(`${ORIGIN}${service.quoteHref}`, {
          method: "POST",
          headers: { Origin: ORIGIN },
          body: formData(refused[serviceId]),
        }),
        requestRoute.action,
        { params: { service: service.slug } },
      );
      expect(answer.status).toBe(400);
      shown = { serviceId, lastResult: await answer.json() };
      const Stub = createRoutesStub([{ path: service.quoteHref, Component: ShownForm }]);
      const html = renderToString(createElement(Stub, { initialEntries: [service.quoteHref] }));

      const summary = html.slice(html.indexOf('role="alert"'), html.indexOf("<form"));
      const links = [...summary.matchAll(/<a href="#([^"]+)"[^>]*>([^<]*)<\/a>/g)].map((m) => ({
        target: m[1] as string,
        message: decode(m[2] as string),
      }));
      expect(links.length).toBeGreaterThan(3);
      const title = summary.match(/<h2[^>]*>([^<]*)<\/h2>/)?.[1];
      expect(title).toBe(`There is a problem with ${links.length} answers`);
      expect(summary).not.toMatch(/<h2[^>]*>Validation Error/);
      if (serviceId === "water_filtration") {
        expect(decode(summary)).toContain(
          "Validation Error: Please fill in all contact information",
        );
      }

      // each link's field exists, and they come in the page's order
      const form = html.slice(html.indexOf("<form"));
      const positions = links.map(({ target }) => form.indexOf(`id="${target}"`));
      for (const [index, at] of positions.entries()) {
        expect(at, `${links[index]?.target} is on the page`).toBeGreaterThan(-1);
      }
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      // contact fields come last on the page, so their errors come last in the summary
      expect(links.at(-1)?.message).not.toBe(links[0]?.message);
      expect(links.findIndex((l) => l.target.includes("firstName"))).toBeGreaterThan(0);
    },
  );
});
