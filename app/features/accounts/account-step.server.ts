/**
 * One step a signed-in customer takes on their account through better-auth (two-factor on or
 * off, a new password, ...): every such step counts against its rate limit first, asks
 * better-auth, and logs the outcome as a security event (ASVS V16.3). `runAccountStep` is that
 * sequence once, so each step states only what differs.
 */
import type { SecurityEventFields } from "~/lib/security-log.server";
import { type AuthAction, consumeAuthLimit } from "./auth-limits.server";
import { logAuthEvent } from "./sign-in.server";

/** A refused step: the status and message to show, and the form field it belongs next to. */
export type StepFailure<Field extends string = never> = {
  ok: false;
  status: number;
  message: string;
  field?: Field;
};

/** A security event to log: its name and fields (never a secret). */
export type StepEvent = { name: string; fields?: SecurityEventFields };

/**
 * Runs one account step: consumes `limit` for the client (and `userId` when given), then `check` (a refusal
 * before better-auth is asked, e.g. a common new password), then `call`.
 * @param event logged (info) when `call` resolves
 * @param failure maps what `call` threw to the refusal to show and the event to log (warn)
 * @returns `call`'s value, or the refusal (429 when limited).
 */
export async function runAccountStep<T, Field extends string = never>(step: {
  limit: AuthAction;
  headers: Headers;
  /** the account the limit also counts for (none at a sign-in challenge) */
  userId?: string | null;
  check?: () => Omit<StepFailure<Field>, "ok"> | null;
  call: () => Promise<T>;
  event?: StepEvent;
  failure: (error: unknown) => Omit<StepFailure<Field>, "ok"> & { event?: StepEvent };
}): Promise<{ ok: true; value: T } | StepFailure<Field>> {
  const limited = await consumeAuthLimit(step.limit, step.headers, step.userId);
  if (limited) return limited;
  const refused = step.check?.();
  if (refused) return { ok: false, ...refused };
  let value: T;
  try {
    value = await step.call();
  } catch (error) {
    const { event, ...refusal } = step.failure(error);
    if (event) logAuthEvent(event.name, step.headers, event.fields, "warn");
    return { ok: false, ...refusal };
  }
  if (step.event) logAuthEvent(step.event.name, step.headers, step.event.fields);
  return { ok: true, value };
}
