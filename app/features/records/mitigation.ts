/**
 * A mitigated home's radon, before and after, as the home record states it beside its results:
 * "before 9.8 pCi/L, after 1.1 pCi/L". Client-safe (the record view imports it).
 * docs/decisions/0270-post-mitigation-test.md
 */

/** A radon result as the pairing reads it: pCi/L as recorded, its phase, its dates (YYYY-MM-DD). */
export interface PhasedRadonResult {
  level: string;
  phaseId: "before" | "after";
  startedOn: string;
  endedOn: string;
}

/**
 * The latest after-mitigation result of `results` beside the latest before-mitigation result
 * that ended by the day the after test started (else the latest before at all).
 * @returns e.g. "before 9.8 pCi/L, after 1.1 pCi/L"; null without a result of each phase
 */
export function beforeAfterLine(results: readonly PhasedRadonResult[]): string | null {
  const byEnd = [...results].sort((a, b) => a.endedOn.localeCompare(b.endedOn));
  const after = byEnd.filter((r) => r.phaseId === "after").at(-1);
  if (!after) return null;
  const befores = byEnd.filter((r) => r.phaseId === "before");
  const before = befores.filter((r) => r.endedOn <= after.startedOn).at(-1) ?? befores.at(-1);
  if (!before) return null;
  return `before ${before.level} pCi/L, after ${after.level} pCi/L`;
}
