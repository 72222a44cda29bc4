import { type ReactNode, useEffect, useState } from "react";

/**
 * Content for browsers without JavaScript, in place of `<noscript>`, which is not shown when a
 * browser turns scripts off for one site only (Chromium's site setting, test drivers): rendered
 * by the server, hidden by CSS as soon as the root's inline script marks the document `js`, and
 * removed once the page is hydrated.
 */
let pageHydrated = false;

export function WithoutJavaScript({ children }: { children: ReactNode }) {
  // after the first hydration, content mounted by client navigation is never rendered
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    setHydrated(true);
  }, []);
  if (hydrated) return null;
  return <div className="in-[.js]:hidden">{children}</div>;
}
