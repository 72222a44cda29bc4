/**
 * Wires the declarative analytics contract (docs/decisions/0058-analytics-contract.md) to the
 * data layer. Used once, by the root route: page views on the first load and every client-side
 * route change, route `handle.analytics` page events, clicks on `[data-analytics-event]`
 * elements, and `<Form data-analytics-event>` submissions the server accepted (answered by a
 * redirect).
 */
import { useEffect, useRef } from "react";
import { useLocation, useMatches, useNavigation } from "react-router";
import { clientLog } from "~/lib/client-log";
import { push } from "./data-layer";
import {
  type AnalyticsHandle,
  analyticsEvent,
  isEventName,
  isTrackedPath,
  pageView,
} from "./events";

/** Pushes the declared event of `element`, if it names a known one. */
function pushDeclared(element: Element): void {
  const name = element.getAttribute("data-analytics-event") ?? "";
  if (!isEventName(name)) {
    clientLog.warn("business", "Unknown analytics event declared", { event: name });
    return;
  }
  const value = element.getAttribute("data-analytics-value");
  push(
    analyticsEvent(
      name,
      element.getAttribute("data-analytics-label"),
      value ? Number(value) : null,
    ),
  );
}

export function useAnalytics(): void {
  const location = useLocation();
  const matches = useMatches();
  const navigation = useNavigation();
  const path = location.pathname + location.search;

  // page view, then the route's page events; after commit, so document.title is the new page's
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per URL, not per revalidation
  useEffect(() => {
    if (!isTrackedPath(location.pathname)) return;
    push(pageView(location.pathname, location.search, document.title));
    for (const match of matches) {
      const handle = (match.handle as AnalyticsHandle | undefined)?.analytics;
      // one route module may serve several pages (the three landing pages): it declares a function
      const declared = typeof handle === "function" ? handle(match.params) : handle;
      if (declared && isEventName(declared.event)) {
        push(analyticsEvent(declared.event, declared.label, declared.value));
      }
    }
  }, [path]);

  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (!isTrackedPath(window.location.pathname)) return;
      const target = event.target instanceof Element ? event.target : null;
      const declared = target?.closest("[data-analytics-event]:not(form)");
      if (declared) pushDeclared(declared);
    }
    document.addEventListener("click", onClick, { capture: true });
    return () => document.removeEventListener("click", onClick, { capture: true });
  }, []);

  // An accepted submission is answered by a redirect: the navigation is then loading another
  // page than the form's action. A rejected one re-renders the form's own page (or, with a
  // client-side validation error, never navigates).
  const reported = useRef<string | null>(null);
  useEffect(() => {
    const { state, formAction, formMethod } = navigation;
    if (state !== "loading" || !formAction || formMethod?.toUpperCase() !== "POST") return;
    const target = navigation.location;
    const actionPath = new URL(formAction, window.location.origin).pathname;
    if (target.pathname === actionPath || reported.current === target.key) return;
    reported.current = target.key;
    if (!isTrackedPath(window.location.pathname)) return;
    for (const form of document.querySelectorAll("form[data-analytics-event]")) {
      const action = new URL(form.getAttribute("action") ?? "", window.location.href).pathname;
      if (action === actionPath) pushDeclared(form);
    }
  }, [navigation]);
}
