/**
 * Keeps the open admin list current (SPEC live subscriptions): listens to /admin/events and
 * revalidates the page's data when quotes, profiles or visits change, with the 'Quotes Updated' notice
 * on quote pages. EventSource reconnects by itself after a server restart.
 */
import { useEffect, useRef } from "react";
import { useLocation, useNavigation, useRevalidator } from "react-router";
import { toast } from "~/components/ui/toaster";

const LIST_PAGES = ["/admin", "/admin/dashboard", "/admin/quotes"];

export function LiveUpdates() {
  const revalidator = useRevalidator();
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const latest = useRef({ revalidator, pathname: location.pathname, busy });
  latest.current = { revalidator, pathname: location.pathname, busy };

  useEffect(() => {
    const source = new EventSource("/admin/events");
    let timer: ReturnType<typeof setTimeout> | undefined;
    let quotesChanged = false;
    // a burst of changes (e.g. an import) refreshes once
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const { revalidator, pathname, busy } = latest.current;
        // a navigation under way (e.g. after this admin's own change) loads fresh data anyway;
        // revalidating now would interrupt it and lose the one-time toast its redirect carries.
        // Offline (a crew phone without signal) the reload would fail and put an error page in
        // place of what is being typed: the next event after the signal is back refreshes.
        if (!busy && navigator.onLine) {
          void revalidator.revalidate();
          if (quotesChanged && LIST_PAGES.includes(pathname))
            toast.success("Quotes Updated", { description: "The list shows the latest requests." });
        }
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
    // a booked, moved or cancelled visit: the staff's week and the quote pages show visits
    source.addEventListener("visits", () => {
      const path = latest.current.pathname;
      if (path.startsWith("/admin/schedule") || path.startsWith("/admin/quotes/")) refresh();
    });
    // a customer's message, a reply or a read: the threads and the sidebar's unread count
    source.addEventListener("messages", () => refresh());
    source.addEventListener("end", () => source.close());
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, []);
  return null;
}
