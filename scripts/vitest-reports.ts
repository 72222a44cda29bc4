import fs from "node:fs";

/**
 * The unit stage's Vitest JSON reports, in order: the run's (`reports/vitest.json`), then the
 * reruns of files a runtime crash took (`reports/vitest-rerun-N.json`, scripts/test-stages.ts).
 * A file's result in a later report replaces its result in an earlier one.
 */
export function vitestReports(): string[] {
  const reruns = fs.existsSync("reports")
    ? fs
        .readdirSync("reports")
        .filter((name) => /^vitest-rerun-\d+\.json$/.test(name))
        .sort((a, b) => Number(a.match(/\d+/)?.[0]) - Number(b.match(/\d+/)?.[0]))
    : [];
  return ["reports/vitest.json", ...reruns.map((name) => `reports/${name}`)];
}
