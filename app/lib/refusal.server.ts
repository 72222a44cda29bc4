/**
 * The refused side of an action's outcome (`{ ok: true, ... } | { ok: false, status, message }`),
 * as the features' server modules answer their routes.
 */

/** An action refused with HTTP `status` (its literal kept for the outcome types) and `message`. */
export const refusal = <S extends number>(status: S, message: string) =>
  ({ ok: false, status, message }) as const;
