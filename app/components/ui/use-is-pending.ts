/**
 * Whether THIS form is being submitted, rather than any navigation on the page: a page with
 * two forms (or a link clicked while a form waits) must not grey out the other form's button.
 */
import { useFormAction, useNavigation } from "react-router";

export interface PendingScope {
  /** The form's action; defaults to the route's own action, as a `<Form>` without one posts there. */
  formAction?: string;
  /** The form's method; POST unless told. */
  formMethod?: "POST" | "GET" | "PUT" | "PATCH" | "DELETE";
  /**
   * "submitting" while the request is out; "non-idle" (the default) also while the page loads
   * the redirect that follows, so the button does not come back for a moment before the new page.
   */
  state?: "submitting" | "loading" | "non-idle";
  /**
   * A field the form submits that tells it from the route's other forms posting to the same
   * action, e.g. `["intent", "password"]` or `["form", "add-property"]`; `null` for a form that
   * sends no such field.
   */
  field?: readonly [name: string, value: string | null];
}

/** True while the navigation in flight is this form's submission (its action, method and field). */
export function useIsPending({
  formAction,
  formMethod = "POST",
  state = "non-idle",
  field,
}: PendingScope = {}): boolean {
  const ownAction = useFormAction();
  const navigation = useNavigation();
  const inState = state === "non-idle" ? navigation.state !== "idle" : navigation.state === state;
  if (!inState || navigation.formMethod?.toUpperCase() !== formMethod) return false;
  if (stripIndex(navigation.formAction) !== stripIndex(formAction ?? ownAction)) return false;
  return field === undefined || navigation.formData?.get(field[0]) === field[1];
}

/** `/x?index` and `/x` are the same form action for this comparison. */
function stripIndex(action: string | undefined) {
  return action?.replace(/[?&]index(=[^&]*)?$/, "");
}
