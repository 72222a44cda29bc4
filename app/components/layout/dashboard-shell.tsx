/**
 * The customer and admin dashboard frame: a titled sidebar of sections and a Logout button, with
 * a header (SPEC section 2).
 *
 * From the SPEC's 768 px breakpoint up, the sidebar sits beside the content; its open state is
 * kept in a cookie for 7 days and toggled by its button or Ctrl/Cmd+B. Below it, the sidebar is
 * an off-canvas panel over the content, opened by the same button (or Ctrl/Cmd+B) and closed by
 * its close button, Escape, a click or focus outside it, or a choice. Without JavaScript a phone
 * shows the sidebar's entries above the content instead, so they stay reachable.
 *
 * While the next page loads, a bar along the top of the window says so (with JavaScript; without,
 * the browser shows its own progress).
 */
import { LogOut, PanelLeft, X } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Form, href, NavLink, useLocation, useNavigation } from "react-router";
import { Tooltip } from "~/components/ui/tooltip";
import { useDismiss } from "~/components/ui/use-dismiss";
import { cn } from "~/lib/utils";

export const SIDEBAR_COOKIE = "sidebar_state";
const SEVEN_DAYS = 7 * 24 * 60 * 60;
/** the SPEC's mobile breakpoint: below it the sidebar is an off-canvas panel */
const WIDE = "(min-width: 768px)";

/** Whether the sidebar starts open, from the request's cookie (open by default). */
export function sidebarOpenFromCookie(cookieHeader: string | null): boolean {
  const match = cookieHeader?.match(/(?:^|;\s*)sidebar_state=(open|closed)/);
  return match?.[1] !== "closed";
}

export interface DashboardLink {
  to: string;
  label: string;
  icon: ReactNode;
  /** a count shown beside the label (e.g. unread messages), with its meaning for screen readers */
  count?: { value: number; label: string };
}

/** Whether the window is at least the breakpoint wide; assumed so on the server and before mount. */
function useWideScreen(): boolean {
  const [wide, setWide] = useState(true);
  useEffect(() => {
    const query = window.matchMedia(WIDE);
    setWide(query.matches);
    const onChange = () => setWide(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return wide;
}

export function DashboardShell({
  title,
  heading,
  links,
  initiallyOpen,
  children,
}: {
  title: string;
  heading: string;
  links: DashboardLink[];
  initiallyOpen: boolean;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const loading = useNavigation().state !== "idle";
  // wide screens: beside the content or not, kept in the cookie
  const [open, setOpen] = useState(initiallyOpen);
  // phones: the off-canvas panel, closed on every page
  const [panelOpen, setPanelOpen] = useState(false);
  const wide = useWideScreen();
  const panel = useRef<HTMLElement>(null);
  const toggleButton = useRef<HTMLButtonElement>(null);

  const toggle = useCallback(() => {
    if (!window.matchMedia(WIDE).matches) {
      setPanelOpen((was) => !was);
      return;
    }
    setOpen((was) => {
      // biome-ignore lint/suspicious/noDocumentCookie: the SPEC keeps this preference in a cookie
      document.cookie = `${SIDEBAR_COOKIE}=${was ? "closed" : "open"}; path=/; max-age=${SEVEN_DAYS}; samesite=lax`;
      return !was;
    });
  }, []);
  const closePanel = useCallback((returnFocus: boolean) => {
    setPanelOpen(false);
    if (returnFocus) toggleButton.current?.focus();
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === "b" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  // a choice navigates: the next page starts with the panel closed
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => setPanelOpen(false), [pathname]);
  // the panel on a wide screen is the ordinary sidebar: nothing to close
  useEffect(() => {
    if (wide) setPanelOpen(false);
  }, [wide]);
  useEffect(() => {
    if (panelOpen) panel.current?.querySelector<HTMLElement>("a, button")?.focus();
  }, [panelOpen]);
  useDismiss(
    panelOpen,
    [panel, toggleButton],
    () => closePanel(false),
    () => closePanel(true),
  );

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 md:flex-row">
      {loading && (
        <div
          role="progressbar"
          aria-label="Loading page"
          className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100"
        >
          <div className="h-full w-1/3 bg-brand-700 motion-safe:animate-[loading-bar_1.2s_ease-in-out_infinite]" />
        </div>
      )}
      {panelOpen && (
        <div aria-hidden="true" className="fixed inset-0 z-50 bg-slate-900/40 md:hidden" />
      )}
      <aside
        ref={panel}
        id="dashboard-sidebar"
        aria-label={title}
        className={cn(
          "shrink-0 md:w-56",
          !open && "md:hidden",
          panelOpen
            ? "max-md:fixed max-md:inset-y-0 max-md:left-0 max-md:z-50 max-md:w-72 max-md:max-w-[85vw] max-md:overflow-y-auto max-md:bg-white max-md:p-4 max-md:shadow-xl"
            : // phones: hidden until opened, unless there is no script to open it
              "max-md:in-[.js]:hidden",
        )}
      >
        <div className="flex items-center justify-between">
          <h2 className="px-3 text-sm font-semibold uppercase tracking-wide text-slate-600">
            {title}
          </h2>
          {panelOpen && (
            <button
              type="button"
              onClick={() => closePanel(true)}
              aria-label="Close sidebar"
              className="inline-flex size-11 items-center justify-center rounded-md hover:bg-slate-100 md:hidden"
            >
              <X className="size-5" aria-hidden="true" />
            </button>
          )}
        </div>
        <nav aria-label={title} className="mt-3">
          <ul className="space-y-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    cn(
                      "flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100 [&_svg]:size-4",
                      isActive ? "bg-brand-50 text-brand-900" : "text-slate-800",
                    )
                  }
                >
                  {link.icon}
                  {link.label}
                  {link.count && link.count.value > 0 && (
                    <span className="ml-auto rounded-full bg-brand-700 px-2 text-xs font-semibold text-white">
                      {link.count.value}
                      <span className="sr-only"> {link.count.label}</span>
                    </span>
                  )}
                </NavLink>
              </li>
            ))}
            <li>
              <Form method="post" action={href("/auth/signout")}>
                <button
                  type="submit"
                  className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
                >
                  <LogOut className="size-4" aria-hidden="true" />
                  Logout
                </button>
              </Form>
            </li>
          </ul>
        </nav>
      </aside>
      <div className="min-w-0 flex-1" aria-busy={loading || undefined}>
        <div className="flex items-center gap-3">
          <Tooltip label="Toggle sidebar (Ctrl+B)">
            <button
              ref={toggleButton}
              type="button"
              onClick={toggle}
              aria-expanded={wide ? open : panelOpen}
              aria-controls="dashboard-sidebar"
              aria-label="Toggle sidebar"
              // without JavaScript it could do nothing: the sidebar shows as it is
              className="hidden size-10 shrink-0 items-center justify-center rounded-md border border-slate-300 hover:bg-slate-50 in-[.js]:inline-flex"
            >
              <PanelLeft className="size-5" aria-hidden="true" />
            </button>
          </Tooltip>
          <h1 className="text-2xl font-bold tracking-tight">{heading}</h1>
        </div>
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
