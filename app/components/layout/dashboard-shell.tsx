/**
 * The customer (and later admin) dashboard frame: a titled sidebar of sections and a Logout
 * button, with a header. The sidebar's open state is kept in a cookie for 7 days and toggled by
 * its button or Ctrl/Cmd+B (SPEC section 2).
 */
import { LogOut, PanelLeft } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { Form, NavLink } from "react-router";
import { cn } from "~/lib/utils";

export const SIDEBAR_COOKIE = "sidebar_state";
const SEVEN_DAYS = 7 * 24 * 60 * 60;

/** Whether the sidebar starts open, from the request's cookie (open by default). */
export function sidebarOpenFromCookie(cookieHeader: string | null): boolean {
  const match = cookieHeader?.match(/(?:^|;\s*)sidebar_state=(open|closed)/);
  return match?.[1] !== "closed";
}

export interface DashboardLink {
  to: string;
  label: string;
  icon: ReactNode;
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
  const [open, setOpen] = useState(initiallyOpen);
  const toggle = useCallback(() => {
    setOpen((was) => {
      // biome-ignore lint/suspicious/noDocumentCookie: the SPEC keeps this preference in a cookie
      document.cookie = `${SIDEBAR_COOKIE}=${was ? "closed" : "open"}; path=/; max-age=${SEVEN_DAYS}; samesite=lax`;
      return !was;
    });
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

  return (
    <div className="mx-auto flex max-w-6xl gap-6 px-4 py-8">
      <aside
        id="dashboard-sidebar"
        aria-label={title}
        className={cn("w-56 shrink-0", !open && "hidden")}
      >
        <h2 className="px-3 text-sm font-semibold uppercase tracking-wide text-slate-600">
          {title}
        </h2>
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
                </NavLink>
              </li>
            ))}
            <li>
              <Form method="post" action="/auth/signout">
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
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-3">
          <button
            type="button"
            onClick={toggle}
            aria-expanded={open}
            aria-controls="dashboard-sidebar"
            aria-label="Toggle sidebar"
            title="Toggle sidebar (Ctrl+B)"
            className="inline-flex size-10 items-center justify-center rounded-md border border-slate-300 hover:bg-slate-50"
          >
            <PanelLeft className="size-5" aria-hidden="true" />
          </button>
          <h1 className="text-2xl font-bold tracking-tight">{heading}</h1>
        </div>
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
