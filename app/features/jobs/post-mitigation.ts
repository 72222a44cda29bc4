/**
 * The post-mitigation radon test's window (ANSI/AARST SGM-SF): the detector is placed no sooner
 * than 24 hours and no later than 30 days after the system was commissioned, and picked up 48 to
 * 96 hours after the placement (the exposure, as for the pre-mitigation test). 24 hours is elapsed
 * time; 30 days are calendar days in Utah, so the last placement keeps the commissioning's wall
 * clock time across a change between MST and MDT.
 */
import { TZDate } from "@date-fns/tz";
import { addDays } from "date-fns";
import { RADON_PICKUP_WINDOW } from "~/features/catalog/visits";

const ZONE = "America/Denver";
const HOUR_MS = 3_600_000;

/** The first and last instants a post-mitigation detector may be placed, for `commissionedAt`. */
export function placementWindow(commissionedAt: Date): { earliest: Date; latest: Date } {
  return {
    earliest: new Date(commissionedAt.getTime() + 24 * HOUR_MS),
    latest: new Date(addDays(new TZDate(commissionedAt, ZONE), 30).getTime()),
  };
}

/** The first and last instants the detector placed until `placementEndsAt` may be picked up. */
export function pickupWindow(placementEndsAt: Date): { earliest: Date; latest: Date } {
  return {
    earliest: new Date(placementEndsAt.getTime() + RADON_PICKUP_WINDOW.minMs),
    latest: new Date(placementEndsAt.getTime() + RADON_PICKUP_WINDOW.maxMs),
  };
}

/**
 * Whether a placement ending at `placementEndsAt` (starting at `placementStartsAt`) with its
 * pick-up at `pickupAt` keeps the windows for a system commissioned at `commissionedAt`.
 * @returns null when it does, else the reason for staff and the homeowner
 */
export function postMitigationProblem(
  commissionedAt: Date,
  placementStartsAt: Date,
  placementEndsAt: Date,
  pickupAt: Date,
): string | null {
  const placement = placementWindow(commissionedAt);
  if (placementStartsAt < placement.earliest) {
    return "The test starts at least 24 hours after the system was commissioned.";
  }
  if (placementStartsAt > placement.latest) {
    return "The test starts no later than 30 days after the system was commissioned.";
  }
  const pickup = pickupWindow(placementEndsAt);
  if (pickupAt < pickup.earliest || pickupAt > pickup.latest) {
    return "The detector is picked up 48 to 96 hours after it is placed.";
  }
  return null;
}
