/**
 * Sticky site header (SPEC section 2). Wide screens: 'Our Services' dropdown (title, description,
 * locations; current page highlighted) and Blog. Below 768 px: a menu button opening a full-screen
 * list that closes when an entry is chosen.
 *
 * Built on the platform rather than a component library, because it is on every page and the
 * marketing pages' JavaScript budget is 130 KB (DESIGN section 7): the dropdown is a disclosure
 * button (aria-expanded, Escape and a click elsewhere close it) and the phone menu a modal
 * `<dialog>`, whose focus trap, Escape and inert background are the browser's own.
 *
 * Signed in, both offer the person's dashboard (or the admin panel) and Logout, except on the
 * dashboard pages themselves, whose sidebar offers them. A guest's phone menu offers 'Sign In'
 * (docs/decisions/0181-phone-menu-sign-in.md).
 *
 * The company's phone is a `tel:` link beside the menu from 640 px up, and the phone menu's first
 * entry below (the name, the number and the menu button do not fit 320 px side by side).
 */
import { ChevronDown, LogOut, Menu, Phone, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, href, Link, NavLink, useLocation, useMatches } from "react-router";
import { useDismiss } from "~/components/ui/use-dismiss";
import { type AccountEntry, drawsDashboardShell } from "~/features/accounts/navigation";
import { type CompanyContact, company } from "~/features/catalog/company";
import { serviceIcons } from "~/features/catalog/icons";
import { services } from "~/features/catalog/services";
import { clientLog } from "~/lib/client-log";
import { type TypeaheadState, typeaheadMatch, typeaheadType } from "~/lib/typeahead";
import { cn } from "~/lib/utils";

export function Header({
  account,
  contact,
}: {
  account: AccountEntry | null;
  /** null when the root loader failed (an error page) */
  contact: CompanyContact | null;
}) {
  const { pathname } = useLocation();
  const onBlog = pathname.startsWith("/blog");
  const inDashboard = useMatches().some((match) => drawsDashboardShell(match.handle));
  const accountInHeader = inDashboard ? null : account;
  useEffect(() => {
    const count = document.querySelectorAll("header[data-site-header]").length;
    if (count > 1) {
      clientLog.warn("performance", "More than one site header on the page", { count, pathname });
    }
  }, [pathname]);
  return (
    <header
      data-site-header
      className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur"
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Link to={href("/")} className="text-lg font-bold text-brand-900">
          {company.name}
        </Link>
        <nav className="relative hidden md:block" aria-label="Main">
          <ul className="flex items-center gap-2">
            <li>
              <ServicesMenu pathname={pathname} />
            </li>
            <li>
              <Link
                to={href("/blog")}
                aria-current={onBlog ? "page" : undefined}
                className={cn(
                  "inline-flex h-10 items-center rounded-md px-4 text-sm font-medium hover:bg-slate-100",
                  onBlog ? "bg-brand-50 text-brand-900" : "text-slate-900",
                )}
              >
                Blog
              </Link>
            </li>
            {accountInHeader && (
              <>
                <li>
                  <NavLink
                    to={accountInHeader.href}
                    className="inline-flex h-10 items-center rounded-md px-4 text-sm font-medium text-slate-900 hover:bg-slate-100"
                  >
                    {accountInHeader.label}
                  </NavLink>
                </li>
                <li>
                  <LogoutButton className="inline-flex h-10 items-center gap-2 rounded-md px-4 text-sm font-medium text-slate-900 hover:bg-slate-100" />
                </li>
              </>
            )}
          </ul>
        </nav>
        {contact && (
          <a
            href={`tel:${contact.phone}`}
            className="hidden h-10 items-center gap-2 rounded-md px-3 text-sm font-semibold text-brand-900 hover:bg-slate-100 sm:inline-flex"
          >
            <Phone className="size-4" aria-hidden="true" />
            <span>
              <span className="sr-only">Call us: </span>
              {contact.phoneDisplay}
            </span>
          </a>
        )}
        <MobileMenu account={accountInHeader} contact={contact} />
      </div>
    </header>
  );
}

/**
 * 'Our Services': a disclosure that closes on Escape, a click or focus elsewhere, or a choice.
 * While it is open, typing moves focus to the service whose title starts with what was typed
 * (SPEC: typeahead, starting afresh after a second's pause).
 */
function ServicesMenu({ pathname }: { pathname: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const serviceLinks = useRef<(HTMLAnchorElement | null)[]>([]);
  const typed = useRef<TypeaheadState | null>(null);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (!open || event.key.length !== 1 || event.key === " ") return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    typed.current = typeaheadType(typed.current, event.key, event.timeStamp);
    const links = serviceLinks.current;
    const current = links.indexOf(document.activeElement as HTMLAnchorElement);
    const index = typeaheadMatch(
      services.map((s) => s.title),
      typed.current.search,
      current,
    );
    if (index >= 0) {
      event.preventDefault();
      links[index]?.focus();
    }
  };

  // a choice navigates: the new page starts with the menu closed
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (open) typed.current = null; // each opening starts a new search
  }, [open]);
  useDismiss(
    open,
    [root],
    () => setOpen(false),
    () => {
      setOpen(false);
      button.current?.focus();
    },
  );

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: typeahead for the focusable entries inside
    <div ref={root} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="group inline-flex h-10 items-center gap-1 rounded-md px-4 text-sm font-medium text-slate-900 hover:bg-slate-100 aria-expanded:bg-slate-100"
      >
        Our Services
        <ChevronDown
          className="size-4 transition-transform group-aria-expanded:rotate-180"
          aria-hidden="true"
        />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 top-full mt-2 w-[28rem] rounded-xl border border-slate-200 bg-white p-3 shadow-lg"
      >
        <ul className="space-y-1">
          {services.map((service, index) => {
            const Icon = serviceIcons[service.id];
            const current = pathname.startsWith(service.href);
            return (
              <li key={service.id}>
                <Link
                  ref={(link) => {
                    serviceLinks.current[index] = link;
                  }}
                  to={service.href}
                  aria-current={current ? "page" : undefined}
                  onClick={() => setOpen(false)}
                  className={cn(
                    "flex gap-3 rounded-lg p-3 hover:bg-slate-50",
                    current && "bg-brand-50 ring-1 ring-brand-700",
                  )}
                >
                  <Icon className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                  <span>
                    <span className="block text-sm font-semibold text-slate-900">
                      {service.title}
                    </span>
                    <span className="block text-sm text-slate-600">{service.description}</span>
                  </span>
                </Link>
                <div className="ml-11 pb-2 text-xs text-slate-600">
                  Locations:{" "}
                  {service.locations.map((location) => (
                    <Link
                      key={location.href}
                      to={location.href}
                      onClick={() => setOpen(false)}
                      className="font-medium text-brand-800 underline"
                    >
                      {location.name}
                    </Link>
                  ))}
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}

/** Ends the session: a plain POST form, so it works without JavaScript too. */
function LogoutButton({ className }: { className: string }) {
  return (
    <Form method="post" action={href("/auth/signout")}>
      <button type="submit" className={className}>
        <LogOut className="size-4" aria-hidden="true" />
        Logout
      </button>
    </Form>
  );
}

/** The phone menu: a full-screen modal dialog; choosing an entry closes it. */
function MobileMenu({
  account,
  contact,
}: {
  account: AccountEntry | null;
  contact: CompanyContact | null;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = () => dialog.current?.close();
  const entries = [
    ...services.map((s) => ({ label: s.menuTitle, href: s.href })),
    { label: "Blog", href: href("/blog") },
    // a guest's way in: on a phone the footer's 'Sign In' is a long scroll away
    account ?? { label: "Sign In", href: href("/auth/signin") },
  ];
  return (
    <>
      <button
        type="button"
        onClick={() => dialog.current?.showModal()}
        className="inline-flex size-11 items-center justify-center rounded-md text-slate-900 hover:bg-slate-100 md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
      >
        <Menu className="size-6" aria-hidden="true" />
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-0 h-full max-h-none w-full max-w-none overflow-y-auto bg-white p-4 md:hidden"
      >
        <div className="flex h-12 items-center justify-between">
          {/* the dialog's name; not a heading, the page outline does not go through it */}
          <p id={titleId} className="text-lg font-bold text-brand-900">
            Menu
          </p>
          <button
            type="button"
            onClick={close}
            className="inline-flex size-11 items-center justify-center rounded-md hover:bg-slate-100"
            aria-label="Close menu"
          >
            <X className="size-6" aria-hidden="true" />
          </button>
        </div>
        {contact && (
          <a
            href={`tel:${contact.phone}`}
            className="mt-4 flex items-center gap-2 rounded-md bg-brand-50 p-4 text-lg font-semibold text-brand-900"
          >
            <Phone className="size-5" aria-hidden="true" />
            Call us: {contact.phoneDisplay}
          </a>
        )}
        <nav aria-label="Mobile">
          <ul className="mt-4 divide-y divide-slate-200">
            {entries.map((entry) => (
              <li key={entry.href}>
                <NavLink
                  to={entry.href}
                  onClick={close}
                  className="block py-4 text-lg font-medium text-slate-900 aria-[current=page]:text-brand-800"
                >
                  {entry.label}
                </NavLink>
              </li>
            ))}
            {account && (
              <li>
                <LogoutButton className="flex w-full items-center gap-2 py-4 text-lg font-medium text-slate-900 [&_svg]:size-5" />
              </li>
            )}
          </ul>
        </nav>
      </dialog>
    </>
  );
}
