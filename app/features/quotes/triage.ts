/**
 * Triage: flags computed from a quote's answers, each with its source, shown on the admin list
 * and detail page; their priorities order the inbox by urgency (highest score first).
 * Sources:
 * - EPA, "A Citizen's Guide to Radon" (EPA 402/K-12/002, 2016): fix the home at 4 pCi/L or more;
 *   consider fixing between 2 and 4 pCi/L.
 * - EPA, "Mold Remediation in Schools and Commercial Buildings" / "A Brief Guide to Mold, Moisture
 *   and Your Home" (EPA 402-K-02-003): areas over 10 square feet call for professional guidance;
 *   people with asthma or respiratory conditions are more sensitive to mold.
 * - EPA, "Private Drinking Water Wells" and CDC well-testing guidance: test private wells at
 *   least yearly for total coliform bacteria and nitrates.
 */
export type TriageLevel = "urgent" | "high" | "advice";

export interface TriageFlag {
  code: string;
  label: string;
  level: TriageLevel;
  /** the full citation, shown on the quote's page */
  source: string;
  /** a short name of the source, shown as text next to the flag on the list */
  sourceShort: string;
}

/** The answers triage reads: the service detail row as stored (snake_case, SPEC section 3). */
export type TriageInput =
  | {
      service: "water_filtration";
      details: { water_source?: string | null } | null;
    }
  | {
      service: "mold";
      details: {
        affected_area?: string | null;
        symptoms_concerns?: readonly string[] | null;
        urgency_level?: string | null;
      } | null;
    }
  | {
      service: "radon";
      details: { previous_results?: string | null } | null;
    };

const EPA_RADON = {
  source: "EPA, A Citizen's Guide to Radon (action level 4 pCi/L; consider 2-4 pCi/L)",
  sourceShort: "EPA radon guide",
};
const EPA_MOLD_AREA = {
  source: "EPA, A Brief Guide to Mold, Moisture and Your Home (over 10 sq ft)",
  sourceShort: "EPA mold guide",
};
const EPA_MOLD_HEALTH = {
  source: "EPA, A Brief Guide to Mold: asthma and respiratory sensitivity",
  sourceShort: "EPA mold guide",
};
const EPA_WELL = {
  source: "EPA, Private Drinking Water Wells: test yearly for bacteria and nitrate",
  sourceShort: "EPA private wells",
};
const URGENCY_SOURCE = {
  source: "Requester's urgency answer: Emergency (ASAP)",
  sourceShort: "Requester's answer",
};

/** Points each level adds to a quote's urgency score. */
const LEVEL_SCORE: Record<TriageLevel, number> = { urgent: 100, high: 30, advice: 10 };

/** A radon result in pCi/L read from the free-text answer (e.g. "4.2", "4.2 pCi/L"), or null. */
export function radonLevel(text: string | null | undefined): number | null {
  const match = text?.replace(",", ".").match(/\d+(?:\.\d+)?/);
  if (!match) return null;
  const value = Number(match[0]);
  return Number.isFinite(value) ? value : null;
}

/** The triage flags of a quote, most urgent first. */
export function triageFlags(input: TriageInput): TriageFlag[] {
  const flags: TriageFlag[] = [];
  if (input.service === "radon") {
    const level = radonLevel(input.details?.previous_results);
    if (level !== null && level >= 4) {
      flags.push({
        code: "radon_action_level",
        label: "Above EPA action level: mitigation recommended",
        level: "high",
        ...EPA_RADON,
      });
    } else if (level !== null && level >= 2) {
      flags.push({
        code: "radon_consider",
        label: "EPA suggests considering mitigation",
        level: "advice",
        ...EPA_RADON,
      });
    }
  }
  if (input.service === "mold") {
    const d = input.details;
    if (d?.urgency_level === "emergency") {
      flags.push({
        code: "emergency",
        label: "Emergency: first in the inbox",
        level: "urgent",
        ...URGENCY_SOURCE,
      });
    }
    const symptoms = d?.symptoms_concerns ?? [];
    if (symptoms.includes("asthma") || symptoms.includes("respiratory")) {
      flags.push({
        code: "mold_health",
        label: "Health priority: asthma or respiratory symptoms",
        level: "high",
        ...EPA_MOLD_HEALTH,
      });
    }
    if (d?.affected_area === "large" || d?.affected_area === "extensive") {
      flags.push({
        code: "mold_large_area",
        label: "Over 10 sq ft: professional remediation (EPA)",
        level: "high",
        ...EPA_MOLD_AREA,
      });
    }
  }
  if (input.service === "water_filtration" && input.details?.water_source === "well") {
    flags.push({
      code: "private_well",
      label: "Private well: test for bacteria and nitrate",
      level: "advice",
      ...EPA_WELL,
    });
  }
  return flags.sort((a, b) => LEVEL_SCORE[b.level] - LEVEL_SCORE[a.level]);
}

/** The urgency score stored with a quote (quotes.triage_score): the sum of its flags' points. */
export function triageScore(input: TriageInput): number {
  return triageFlags(input).reduce((sum, flag) => sum + LEVEL_SCORE[flag.level], 0);
}
