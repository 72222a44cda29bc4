/**
 * Sticky site header (SPEC section 2). Wide screens: 'Our Services' dropdown (title, description,
 * locations; current page highlighted) and Blog. Below 768 px: a menu button opening a full-screen
 * list that closes when an entry is chosen.
 */
import { ChevronDown, Menu, X } from "lucide-react";
import { Dialog, NavigationMenu } from "radix-ui";
import { useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { company } from "~/features/catalog/company";
import { serviceIcons } from "~/features/catalog/icons";
import { services } from "~/features/catalog/services";
import { clientLog } from "~/lib/client-log";
import { cn } from "~/lib/utils";

export function Header() {
  const { pathname } = useLocation();
  const onBlog = pathname.startsWith("/blog");
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
        <Link to="/" className="text-lg font-bold text-brand-900">
          {company.name}
        </Link>
        <NavigationMenu.Root className="relative hidden md:block" aria-label="Main">
          <NavigationMenu.List className="flex items-center gap-2">
            <NavigationMenu.Item>
              <NavigationMenu.Trigger
                type="button"
                className="group inline-flex h-10 items-center gap-1 rounded-md px-4 text-sm font-medium text-slate-900 hover:bg-slate-100 data-[state=open]:bg-slate-100"
              >
                Our Services
                <ChevronDown
                  className="size-4 transition-transform group-data-[state=open]:rotate-180"
                  aria-hidden="true"
                />
              </NavigationMenu.Trigger>
              <NavigationMenu.Content className="absolute right-0 top-full mt-2 w-[28rem] rounded-xl border border-slate-200 bg-white p-3 shadow-lg">
                <ul className="space-y-1">
                  {services.map((service) => {
                    const Icon = serviceIcons[service.id];
                    const current = pathname.startsWith(service.href);
                    return (
                      <li key={service.id}>
                        <NavigationMenu.Link asChild active={current}>
                          <Link
                            to={service.href}
                            aria-current={current ? "page" : undefined}
                            className={cn(
                              "flex gap-3 rounded-lg p-3 hover:bg-slate-50",
                              current && "bg-brand-50 ring-1 ring-brand-700",
                            )}
                          >
                            <Icon
                              className="mt-0.5 size-5 shrink-0 text-brand-700"
                              aria-hidden="true"
                            />
                            <span>
                              <span className="block text-sm font-semibold text-slate-900">
                                {service.title}
                              </span>
                              <span className="block text-sm text-slate-600">
                                {service.description}
                              </span>
                            </span>
                          </Link>
                        </NavigationMenu.Link>
                        <div className="ml-11 pb-2 text-xs text-slate-600">
                          Locations:{" "}
                          {service.locations.map((location) => (
                            <NavigationMenu.Link asChild key={location.href}>
                              <Link
                                to={location.href}
                                className="font-medium text-brand-800 underline"
                              >
                                {location.name}
                              </Link>
                            </NavigationMenu.Link>
                          ))}
                        </div>
                      </li>
                    );
                  })}
                </ul>
              </NavigationMenu.Content>
            </NavigationMenu.Item>
            <NavigationMenu.Item>
              <NavigationMenu.Link asChild active={onBlog}>
                <Link
                  to="/blog"
                  aria-current={onBlog ? "page" : undefined}
                  className={cn(
                    "inline-flex h-10 items-center rounded-md px-4 text-sm font-medium text-slate-900 hover:bg-slate-100",
                    onBlog && "bg-brand-50 text-brand-900",
                  )}
                >
                  Blog
                </Link>
              </NavigationMenu.Link>
            </NavigationMenu.Item>
          </NavigationMenu.List>
        </NavigationMenu.Root>
        <MobileMenu />
      </div>
    </header>
  );
}

function MobileMenu() {
  const [open, setOpen] = useState(false);
  const entries = [
    ...services.map((s) => ({ label: s.menuTitle, href: s.href })),
    { label: "Blog", href: "/blog" },
  ];
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        className="inline-flex size-11 items-center justify-center rounded-md text-slate-900 hover:bg-slate-100 md:hidden"
        aria-label="Open menu"
      >
        <Menu className="size-6" aria-hidden="true" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Content className="fixed inset-0 z-50 overflow-y-auto bg-white p-4 md:hidden">
          <div className="flex h-12 items-center justify-between">
            <Dialog.Title className="text-lg font-bold text-brand-900">Menu</Dialog.Title>
            <Dialog.Close
              className="inline-flex size-11 items-center justify-center rounded-md hover:bg-slate-100"
              aria-label="Close menu"
            >
              <X className="size-6" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Site navigation</Dialog.Description>
          <nav aria-label="Mobile">
            <ul className="mt-4 divide-y divide-slate-200">
              {entries.map((entry) => (
                <li key={entry.href}>
                  <NavLink
                    to={entry.href}
                    onClick={() => setOpen(false)}
                    className="block py-4 text-lg font-medium text-slate-900 aria-[current=page]:text-brand-800"
                  >
                    {entry.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
