/**
 * Two server processes (tests/setup/accept-estimate.ts) accepting one estimate at the same moment
 * on PostgreSQL.
 */
import type { TestDatabase } from "./database";
import { runTogether } from "./together";

export interface AcceptOutcome {
  ok: boolean;
  already: boolean;
  accepted: { optionIndex: number };
}

/**
 * Accepts the estimate behind link `token` (version `form`) in two processes at once, one with
 * option 1 and one with option 2.
 * @returns each process's outcome, in that order
 */
export function acceptInTwoProcesses(
  database: TestDatabase,
  token: string,
  form: { versionId: string; contentSha256: string },
): Promise<AcceptOutcome[]> {
  return runTogether<AcceptOutcome>(
    database,
    "tests/setup/accept-estimate.ts",
    [1, 2].map((option) => ({
      ESTIMATE_TOKEN: token,
      ESTIMATE_VERSION_ID: form.versionId,
      ESTIMATE_SHA256: form.contentSha256,
      ESTIMATE_OPTION: String(option),
    })),
  );
}
