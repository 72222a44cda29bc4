/**
 * The profile's 'Text me about my request' form: consent to texts for the account's confirmed
 * mobile number, unticked until the customer ticks it. A native form: works without JavaScript.
 */
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/form-controls";
import { TEXT_CONSENT_HINT, TEXT_CONSENT_LABEL } from "./consent";

/** The intent of the profile post that saves the consent. */
export const TEXT_CONSENT_INTENT = "text-consent";

export function TextConsentCard({
  hasMobile,
  granted,
}: {
  /** whether the account has a confirmed mobile number */
  hasMobile: boolean;
  granted: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Text Messages</CardTitle>
        <CardDescription>
          {hasMobile
            ? "Texts about your requests go to your confirmed mobile number."
            : "Add and confirm a mobile number above to get texts about your requests."}
        </CardDescription>
      </CardHeader>
      {hasMobile && (
        <CardContent>
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value={TEXT_CONSENT_INTENT} />
            <div>
              <label
                htmlFor="text-consent"
                className="flex items-center gap-2 text-sm font-medium text-slate-900"
              >
                <Checkbox
                  id="text-consent"
                  name="textConsent"
                  value="on"
                  defaultChecked={granted}
                  aria-describedby="text-consent-hint"
                />
                {TEXT_CONSENT_LABEL}
              </label>
              <p id="text-consent-hint" className="mt-1 text-sm text-slate-600">
                {TEXT_CONSENT_HINT}
              </p>
            </div>
            <Button type="submit" variant="outline">
              Save Text Preference
            </Button>
          </Form>
        </CardContent>
      )}
    </Card>
  );
}
