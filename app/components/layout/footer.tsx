import { href, Link } from "react-router";
import type { AccountEntry } from "~/features/accounts/navigation";
import { type CompanyContact, company } from "~/features/catalog/company";
import { services } from "~/features/catalog/services";

/**
 * The site footer: the company's phone and e-mail (`tel:` and `mailto:` links; none when the root
 * loader failed), service quotes and company links. Signed in, its 'Sign In' link becomes the
 * person's dashboard (or admin panel).
 */
export function Footer({
  account,
  contact,
}: {
  account: AccountEntry | null;
  contact: CompanyContact | null;
}) {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="font-bold text-brand-900">{company.name}</p>
          <p className="mt-2 text-sm text-slate-700">{company.tagline}.</p>
          <p className="mt-2 text-sm text-slate-700">
            24/7 emergency service. Work to EPA guidelines.
          </p>
          {contact && (
            <address className="mt-2 space-y-1 text-sm not-italic text-slate-700">
              <p>
                Phone:{" "}
                <a
                  href={`tel:${contact.phone}`}
                  className="font-semibold text-brand-800 underline hover:text-brand-900"
                >
                  {contact.phoneDisplay}
                </a>
              </p>
              <p>
                Email:{" "}
                <a
                  href={`mailto:${contact.email}`}
                  className="break-all text-brand-800 underline hover:text-brand-900"
                >
                  {contact.email}
                </a>
              </p>
            </address>
          )}
        </div>
        <nav aria-label="Services">
          <h2 className="text-sm font-semibold text-slate-900">Free quotes</h2>
          <ul className="mt-2 space-y-2 text-sm">
            {services.map((service) => (
              <li key={service.id}>
                <Link
                  to={service.quoteHref}
                  className="text-slate-700 underline hover:text-brand-800"
                >
                  {service.title} quote
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Company">
          <h2 className="text-sm font-semibold text-slate-900">Company</h2>
          <ul className="mt-2 space-y-2 text-sm">
            <li>
              <Link
                to={href("/products")}
                className="text-slate-700 underline hover:text-brand-800"
              >
                Our Services
              </Link>
            </li>
            <li>
              <Link to={href("/blog")} className="text-slate-700 underline hover:text-brand-800">
                Blog
              </Link>
            </li>
            <li>
              <Link
                to={account?.href ?? href("/auth/signin")}
                className="text-slate-700 underline hover:text-brand-800"
              >
                {account?.label ?? "Sign In"}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-xs text-slate-600">
        © {new Date().getFullYear()} {company.name}
      </p>
    </footer>
  );
}
