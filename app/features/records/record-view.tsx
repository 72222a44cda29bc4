/**
 * A property's test results as the record pages show them (the owner's /account/properties/{id},
 * the shared /records/{token}, and the admin quote page's list): radon as a table with a chart
 * beside it (recharts, loaded only in the browser after the page has shown: the table carries
 * every figure, with or without JavaScript), water analytes flagged against their EPA levels with
 * the source named, mold samples, and each result's lab report.
 */
import { FileText } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { TitledCard } from "~/components/ui/card";
import { levelFlag, RADON_LEVELS } from "~/features/catalog/reference-levels";
import { sources } from "~/features/catalog/sources";
import { formatFileSize } from "~/features/quotes/files";
import { formatDate } from "~/lib/dates";
import { beforeAfterLine } from "./mitigation";
import type { PropertyResults, ReportView } from "./results.server";

const RadonChart = lazy(() => import("./radon-chart"));

const FLAG_TONE: Record<string, BadgeTone> = {
  over: "danger",
  consider: "warning",
  under: "success",
};

function FlagBadge({ flag }: { flag: string }) {
  return <Badge tone={FLAG_TONE[flag]}>{levelFlag.label(flag)}</Badge>;
}

function Report({ report }: { report: ReportView | null }) {
  if (!report) return <span className="text-slate-600">None</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1">
      <FileText className="size-4 shrink-0 text-slate-600" aria-hidden="true" />
      <a href={report.href} download className="break-words text-brand-800 underline">
        {report.name}
      </a>
      <span className="text-slate-600">(PDF, {formatFileSize(report.sizeBytes)})</span>
    </span>
  );
}

/**
 * A results table. From the sm breakpoint it is a table, which scrolls sideways inside its own box
 * if it must (the page never does); below it (a phone) each row is a block of "Label: value"
 * lines (Cell), so no column is squeezed to a letter per line and nothing hides off to the side.
 */
function TableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <section aria-label={label} tabIndex={0} className="min-w-0 max-w-full overflow-x-auto">
      <table className="w-full text-left text-sm max-sm:block">{children}</table>
    </section>
  );
}

const th = "border-b border-slate-300 px-2 py-2 font-semibold";
const td =
  "border-b border-slate-200 px-2 py-2 align-top max-sm:block max-sm:border-0 max-sm:px-0 max-sm:py-0.5";
/** a row: a table row, or on a phone a block with a rule under it */
const tr = "max-sm:block max-sm:border-b max-sm:border-slate-300 max-sm:py-2";

/** One cell; on a phone, where the header row is not shown, it starts with its column's name. */
function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className={td}>
      <span aria-hidden="true" className="font-medium text-slate-700 sm:hidden">
        {label}:{" "}
      </span>
      {children}
    </td>
  );
}

/** The rows of a TableBox. */
function Body({ children }: { children: ReactNode }) {
  return <tbody className="max-sm:block">{children}</tbody>;
}

function HeaderRow({ cells }: { cells: readonly string[] }) {
  return (
    <thead className="max-sm:sr-only">
      <tr>
        {cells.map((cell) => (
          <th key={cell} className={th}>
            {cell}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function SourceLink({ source }: { source: { publisher: string; title: string; url: string } }) {
  return (
    <a href={source.url} className="text-brand-800 underline" rel="noopener noreferrer">
      {source.publisher}, {source.title}
    </a>
  );
}

/** True once the page runs in the browser (the chart is never server-rendered). */
function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

/** Heading levels of a section and of its parts: h2/h3 on the record pages, h4/h5 in the back office. */
type Levels = { section: "h2" | "h3" | "h4"; part: "h3" | "h4" | "h5" };
const levelsFor = (level: Levels["section"]): Levels => ({
  section: level,
  part: level === "h2" ? "h3" : level === "h3" ? "h4" : "h5",
});

const RADON_COLUMNS = [
  "Test ended",
  "Result",
  "Reading",
  "When",
  "Test",
  "Device or lab",
  "Report",
] as const;

export function RadonResults({
  results,
  levels = levelsFor("h2"),
}: {
  results: PropertyResults["radon"];
  levels?: Levels;
}) {
  const mounted = useMounted();
  const source = sources[RADON_LEVELS.source];
  const mitigation = beforeAfterLine(results);
  return (
    <ResultSection
      title="Radon"
      levels={levels}
      note={
        <p className="text-sm text-slate-700">
          The EPA advises fixing a home at {RADON_LEVELS.fix} pCi/L or more and considering it
          between {RADON_LEVELS.consider} and {RADON_LEVELS.fix} pCi/L. Source:{" "}
          <SourceLink source={source} />.
        </p>
      }
      empty={results.length === 0 ? "No radon results yet." : null}
    >
      {/* the table takes the full width (its Report column in view), the chart goes under it */}
      <div className="space-y-4">
        {mitigation && <p className="font-medium">{`Radon mitigation: ${mitigation}`}</p>}
        <TableBox label="Radon results">
          <caption className="sr-only">Radon results, oldest first</caption>
          <HeaderRow cells={RADON_COLUMNS} />
          <Body>
            {results.map((r) => (
              <tr key={r.id} className={tr}>
                <Cell label="Test ended">
                  {formatDate(r.endedOn)}
                  <span className="text-xs text-slate-600 sm:block">
                    {" "}
                    from {formatDate(r.startedOn)}
                  </span>
                </Cell>
                <Cell label="Result">{`${r.level} pCi/L`}</Cell>
                <Cell label="Reading">
                  <FlagBadge flag={r.flag} />
                </Cell>
                <Cell label="When">{r.phase}</Cell>
                <Cell label="Test">{r.testKind}</Cell>
                <Cell label="Device or lab">{r.lab}</Cell>
                <Cell label="Report">
                  <Report report={r.report} />
                </Cell>
              </tr>
            ))}
          </Body>
        </TableBox>
        <div className="min-h-64 min-w-0">
          {mounted ? (
            <Suspense fallback={null}>
              <RadonChart
                points={results.map((r) => ({
                  date: r.endedOn,
                  label: formatDate(r.endedOn),
                  level: Number(r.level),
                  phase: r.phase,
                }))}
              />
            </Suspense>
          ) : null}
        </div>
      </div>
    </ResultSection>
  );
}

/**
 * One lab's results of one sampling day: "Sampled {day}, {lab}", the table `rows` make (with
 * `header` cells, labelled `tableLabel`), and the lab report.
 */
function SampledResult({
  result,
  Part,
  tableLabel,
  header,
  children,
}: {
  result: { sampledOn: string; lab: string; report: Parameters<typeof Report>[0]["report"] };
  Part: Levels["part"];
  tableLabel: string;
  header: readonly string[];
  children: ReactNode;
}) {
  return (
    <div className="space-y-2">
      <Part className="font-semibold">
        Sampled {formatDate(result.sampledOn)}, {result.lab}
      </Part>
      <TableBox label={`${tableLabel} of ${formatDate(result.sampledOn)}`}>
        <HeaderRow cells={header} />
        <Body>{children}</Body>
      </TableBox>
      <p className="text-sm">
        Lab report: <Report report={result.report} />
      </p>
    </div>
  );
}

/** A record's section: its title, an optional note, and its results or `empty`. */
function ResultSection({
  title,
  levels,
  note,
  empty,
  children,
}: {
  title: string;
  levels: Levels;
  note?: ReactNode;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <TitledCard title={title} as={levels.section} bodyClassName="space-y-6">
      {note}
      {empty ? <p className="text-sm text-slate-700">{empty}</p> : children}
    </TitledCard>
  );
}

export function WaterResults({
  results,
  levels = levelsFor("h2"),
}: {
  results: PropertyResults["water"];
  levels?: Levels;
}) {
  return (
    <ResultSection
      title="Drinking water"
      levels={levels}
      empty={results.length === 0 ? "No water results yet." : null}
    >
      {results.map((r) => (
        <SampledResult
          key={r.id}
          result={r}
          Part={levels.part}
          tableLabel="Water results"
          header={["Analyte", "Result", "Reading", "EPA level", "Source"]}
        >
          {r.analytes.map((a) => (
            <tr key={a.analyte} className={tr}>
              <Cell label="Analyte">{a.label}</Cell>
              <Cell label="Result">{a.reading}</Cell>
              <Cell label="Reading">
                <FlagBadge flag={a.flag} />
              </Cell>
              <Cell label="EPA level">{a.level}</Cell>
              <Cell label="Source">
                <SourceLink source={a.source} />
              </Cell>
            </tr>
          ))}
        </SampledResult>
      ))}
    </ResultSection>
  );
}

export function MoldResults({
  results,
  levels = levelsFor("h2"),
}: {
  results: PropertyResults["mold"];
  levels?: Levels;
}) {
  return (
    <ResultSection
      title="Mold"
      levels={levels}
      note={
        <p className="text-sm text-slate-700">
          The EPA sets no limit for mold spores; indoor counts are read against the outdoor air of
          the same day. Source: <SourceLink source={sources.epaMoldGuide} />.
        </p>
      }
      empty={results.length === 0 ? "No mold results yet." : null}
    >
      {results.map((r) => (
        <SampledResult
          key={r.id}
          result={r}
          Part={levels.part}
          tableLabel="Mold samples"
          header={["Location", "Indoor (spores/m³)", "Outdoor (spores/m³)"]}
        >
          {r.samples.map((s) => (
            <tr key={s.location} className={tr}>
              <Cell label="Location">{s.location}</Cell>
              <Cell label="Indoor (spores/m³)">{s.indoor.toLocaleString("en-US")}</Cell>
              <Cell label="Outdoor (spores/m³)">{s.outdoor.toLocaleString("en-US")}</Cell>
            </tr>
          ))}
        </SampledResult>
      ))}
    </ResultSection>
  );
}

/** The three sections of a record, in the order radon, water, mold. */
export function RecordResults({
  results,
  headingLevel = "h2",
}: {
  results: PropertyResults;
  headingLevel?: Levels["section"];
}) {
  const levels = levelsFor(headingLevel);
  return (
    <div className="space-y-6">
      <RadonResults results={results.radon} levels={levels} />
      <WaterResults results={results.water} levels={levels} />
      <MoldResults results={results.mold} levels={levels} />
    </div>
  );
}
