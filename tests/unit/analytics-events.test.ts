import { describe, expect, it } from "vitest";
import {
  analyticsEvent,
  isEventName,
  isTrackedPath,
  pageView,
  scrubbedPath,
} from "~/features/analytics/events";

describe("analytics events", () => {
  it("carries action, category, label and value", () => {
    expect(analyticsEvent("quote_request", "radon")).toEqual({
      event: "quote_request",
      action: "click",
      category: "quote",
      label: "radon",
      value: 1,
    });
    expect(analyticsEvent("radon_quote_submit", null, 3)).toEqual({
      event: "radon_quote_submit",
      action: "submit",
      category: "quote",
      label: "quote",
      value: 3,
    });
  });

  it("never takes a label that is not a short identifier (no personal data)", () => {
    expect(analyticsEvent("quote_request", "dana@example.com").label).toBe("quote");
    expect(analyticsEvent("quote_request", "Dana Rivera").label).toBe("quote");
  });

  it("knows only the listed events", () => {
    expect(isEventName("view_mold_card")).toBe(true);
    expect(isEventName("toString")).toBe(false);
    expect(isEventName("purchase")).toBe(false);
  });

  it("skips /account, /admin and /quotes/confirmation (SPEC section 9)", () => {
    for (const path of [
      "/account",
      "/account/quotes",
      "/admin",
      "/admin/dashboard",
      "/quotes/confirmation",
    ]) {
      expect(isTrackedPath(path)).toBe(false);
    }
    for (const path of [
      "/",
      "/quotes/radon-remediation",
      "/products",
      "/accounts-help",
      "/administration",
    ]) {
      expect(isTrackedPath(path)).toBe(true);
    }
  });

  it("page views carry the path and query string, with personal data redacted", () => {
    expect(pageView("/products", "?service=radon&from=home", "Our Services")).toEqual({
      event: "page_view",
      page_path: "/products?service=radon&from=home",
      page_title: "Our Services",
    });
    expect(scrubbedPath("/auth/signin", "?email=dana%40example.com&redirectTo=%2Faccount")).toBe(
      "/auth/signin?email=redacted&redirectTo=%2Faccount",
    );
    expect(scrubbedPath("/", "?ref=801-555-0199")).toBe("/?ref=redacted");
    expect(scrubbedPath("/", "?")).toBe("/");
  });
});
