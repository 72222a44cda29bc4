/**
 * Building blocks of the service landing and Utah pages: cards with their cited source, the
 * page's "Sources" list, and the closing call to action. The cited publications come from the
 * page's loader (`CitedSources`), like the copy itself.
 */
import { createContext, type ReactNode, useContext } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { Card, Fact } from "./service-pages";
import type { Source, SourceId } from "./sources";

type SourceMap = Partial<Record<SourceId, Source>>;
const SourcesContext = createContext<SourceMap>({});

/** Makes a page's cited publications (its loader's `citedSourceMap`) known to the blocks below. */
export function CitedSources({ sources, children }: { sources: SourceMap; children: ReactNode }) {
  return <SourcesContext value={sources}>{children}</SourcesContext>;
}

/** "Source: <publication>" under a fact, linking to the publisher's page. */
export function SourceNote({ source }: { source?: SourceId }) {
  const cited = useContext(SourcesContext);
  const publication = source && cited[source];
  if (!publication) return null;
  return (
    <p className="mt-3 text-xs text-slate-600">
      Source: {publication.publisher},{" "}
      <a href={publication.url} className="underline hover:text-brand-800" rel="noopener">
        {publication.title}
      </a>
    </p>
  );
}

export function FactParagraph({ fact }: { fact: Fact }) {
  return (
    <div>
      <p className="text-slate-700">{fact.text}</p>
      <SourceNote source={fact.source} />
    </div>
  );
}

/** A grid of titled cards (risks, steps, reasons), each with its source when it states a fact. */
export function CardGrid({ cards, headingLevel = "h3" }: { cards: Card[]; headingLevel?: "h3" }) {
  const Heading = headingLevel;
  return (
    <ul className="mt-8 grid gap-6 md:grid-cols-3">
      {cards.map((card) => (
        <li key={card.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <Heading className="text-lg font-semibold">{card.title}</Heading>
          <p className="mt-2 text-slate-700">{card.text}</p>
          <SourceNote source={card.source} />
        </li>
      ))}
    </ul>
  );
}

/** The list of publications the page cites, with their official URLs as plain links. */
export function SourcesList() {
  const cited = Object.entries(useContext(SourcesContext));
  if (cited.length === 0) return null;
  return (
    <section aria-labelledby="sources-title" className="mx-auto max-w-6xl px-4 py-10">
      <h2 id="sources-title" className="text-xl font-bold">
        Sources
      </h2>
      <ol className="mt-4 list-decimal space-y-2 pl-6 text-sm text-slate-700">
        {cited.map(([id, { publisher, title, url }]) => (
          <li key={id}>
            {publisher}, <cite>{title}</cite>:{" "}
            <a href={url} className="break-all underline hover:text-brand-800" rel="noopener">
              {url}
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * The large button to a service's quote form; a click is the `quote_request` analytics event,
 * labelled with the service's id (`analyticsLabel`).
 */
export function QuoteButton({
  quoteHref,
  analyticsLabel,
  variant,
  className,
  children,
}: {
  quoteHref: string;
  analyticsLabel: string;
  variant?: "secondary";
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button asChild size="lg" variant={variant} className={className}>
      <Link
        to={quoteHref}
        data-analytics-event="quote_request"
        data-analytics-label={analyticsLabel}
      >
        {children}
      </Link>
    </Button>
  );
}

/** Closing call to action: a heading, a line of copy and the button to the quote form. */
export function ClosingCta({
  title,
  text,
  quoteHref,
  buttonLabel,
  analyticsLabel,
}: {
  title: string;
  text: string;
  quoteHref: string;
  buttonLabel: string;
  analyticsLabel: string;
}) {
  return (
    <section aria-labelledby="cta-title" className="bg-brand-900 text-white">
      <div className="mx-auto max-w-4xl px-4 py-14 text-center">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight">
          {title}
        </h2>
        <p className="mt-4 text-lg text-brand-50">{text}</p>
        <QuoteButton
          quoteHref={quoteHref}
          analyticsLabel={analyticsLabel}
          variant="secondary"
          className="mt-8"
        >
          {buttonLabel}
        </QuoteButton>
      </div>
    </section>
  );
}
