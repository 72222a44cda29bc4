import { Clock, ShieldCheck, Wrench } from "lucide-react";
import { href, Link, useRouteLoaderData } from "react-router";
import { Button } from "~/components/ui/button";
import { ServiceCards } from "~/features/catalog/service-cards";
import { companyJsonLd } from "~/features/catalog/structured-data";
import { SCRIPTS_AFTER_PAINT } from "~/lib/page-scripts";
import { companyContactOf, pageMeta, publicUrlOf } from "~/lib/seo";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/home";

/** the public page paints before its scripts load (lib/page-scripts.ts) */
export const handle = SCRIPTS_AFTER_PAINT;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Expert Environmental Remediation in Utah",
    description:
      "Drinking water filtration, mold remediation and radon mitigation for Utah homes. 24/7 emergency service, work to EPA guidelines, free quotes.",
    jsonLd: [companyJsonLd(publicUrlOf(args), companyContactOf(args))],
  });
}

const reasons = [
  {
    icon: Clock,
    title: "24/7 Emergency Service",
    text: "Flooding, sudden mold growth or a high radon reading? Our crews answer day and night.",
  },
  {
    icon: ShieldCheck,
    title: "EPA Guidelines",
    text: "Every test, treatment and mitigation system follows U.S. EPA guidelines and is documented.",
  },
  {
    icon: Wrench,
    title: "Certified Specialists",
    text: "Trained technicians assess your home first and recommend only the work it needs.",
  },
];

export default function Home() {
  // signed in, the offers to sign up and sign in become the way to the person's own area
  const account = useRouteLoaderData<typeof rootLoader>("root")?.account ?? null;
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-20 text-center sm:py-28">
          <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl">
            Expert Environmental Remediation
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-700">
            Clean drinking water, mold-free rooms and safe radon levels for Utah homes. Tell us what
            you are facing and get a free quote from a certified specialist.
          </p>
          <div className="mt-10 flex flex-wrap justify-center gap-4">
            {account ? (
              <Button asChild size="lg">
                <Link to={account.href}>Go to {account.label}</Link>
              </Button>
            ) : (
              <>
                <Button asChild size="lg">
                  <Link to={href("/auth/signup")}>Start Your Remediation Plan</Link>
                </Button>
                <Button asChild size="lg" variant="outline">
                  <Link to={href("/auth/signin")}>Sign In</Link>
                </Button>
              </>
            )}
          </div>
        </div>
      </section>

      <section aria-labelledby="services-title" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="services-title" className="text-center text-3xl font-bold tracking-tight">
          Our Remediation Services
        </h2>
        <div className="mt-10">
          <ServiceCards
            actionLabel="Get Remediation Quote"
            analyticsEvent="quote_request"
            body={(service) =>
              `Free ${service.assessment} quote for homes across ${service.locations.map((l) => l.name).join(", ")}.`
            }
          />
        </div>
        <p className="mt-8 text-center">
          <Link to={href("/products")} className="font-semibold text-brand-800 underline">
            Compare our services and how each one works
          </Link>
        </p>
      </section>

      <section aria-labelledby="why-title" className="bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="why-title" className="text-center text-3xl font-bold tracking-tight">
            Why Choose Our Remediation Services
          </h2>
          <ul className="mt-10 grid gap-8 md:grid-cols-3">
            {reasons.map((reason) => (
              <li key={reason.title} className="text-center">
                <reason.icon className="mx-auto size-10 text-brand-700" aria-hidden="true" />
                <h3 className="mt-4 text-lg font-semibold">{reason.title}</h3>
                <p className="mt-2 text-slate-700">{reason.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-4xl px-4 py-16 text-center">
        <h2 className="text-3xl font-bold tracking-tight">Ready for a healthier home?</h2>
        {account ? (
          <p className="mt-4 text-lg text-slate-700">
            Request a free quote for any of our services above; your dashboard follows it from
            request to completion.
          </p>
        ) : (
          <>
            <p className="mt-4 text-lg text-slate-700">
              Create a free account to keep your properties and follow every quote from request to
              completion.
            </p>
            <Button asChild size="lg" className="mt-8">
              <Link to={href("/auth/signup")}>Create Your Free Account</Link>
            </Button>
          </>
        )}
      </section>
    </>
  );
}
