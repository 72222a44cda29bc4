/**
 * Keeps the open admin list current (SPEC live subscriptions): listens to /admin/events and
 * revalidates the page's data when quotes or profiles change, with the 'Quotes Updated' notice
 * on quote pages. EventSource reconnects by itself after a server restart.
 */
import { useEffect, useRef } from "react";
import { useLocation, useRevalidator } from "react-router";
import { toast } from "sonner";

export function LiveUpdates() {
  const revalidator = useRevalidator();
  const location = useLocation();
  const latest = useRef({ revalidator, pathname: location.pathname });
  latest.current = { revalidator, pathname: location.pathname };

  useEffect(() => {
    const source = new EventSource("/admin/events");
    let timer: ReturnType<typeof setTimeout> | undefined;
    let quotesChanged = false;
    // a burst of changes (e.g. an import) refreshes once
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const { revalidator, pathname } = latest.current;
        void revalidator.revalidate();
        if (
          quotesChanged &&
          (pathname === "/admin" || /^\/admin\/(quotes|dashboard)/.test(pathname))
        )
          toast.success("Quotes Updated", { description: "The list shows the latest requests." });
        quotesChanged = false;
      }, 300);
    };
    source.addEventListener("ready", () => {
      document.documentElement.dataset.liveUpdates = "connected";
    });
    source.addEventListener("quotes", () => {
      quotesChanged = true;
      refresh();
    });
    source.addEventListener("profiles", () => {
      if (latest.current.pathname.startsWith("/admin/customers")) refresh();
    });
    source.addEventListener("end", () => source.close());
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, []);
  return null;
}
