import { data, Form, href, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { authRequest } from "~/features/accounts/auth-request.server";
import { ChangePasswordForm } from "~/features/accounts/change-password-form";
import { FullNameForm } from "~/features/accounts/full-name-form";
import { MobileNumberSection } from "~/features/accounts/mobile-number-section";
import {
  PROFILE_INTENTS as intents,
  profilePageData,
  type SecurityReply,
} from "~/features/accounts/profile-actions.server";
import { PROFILE_UPDATED, submitFullName } from "~/features/accounts/profiles.server";
import { SignInMethods } from "~/features/accounts/sign-in-methods";
import { SignedInDevices } from "~/features/accounts/signed-in-devices";
import { TwoFactorSection } from "~/features/accounts/two-factor-section";
import { profileTextConsent, setProfileTextConsent } from "~/features/messages/consent.server";
import { TEXT_CONSENT_INTENT, TextConsentCard } from "~/features/messages/text-consent-card";
import { privatePageMeta } from "~/lib/seo";
import { requireUser } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/profile";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const [page, textConsent] = await Promise.all([
    profilePageData(user, request),
    profileTextConsent(user.id),
  ]);
  return { ...page, textConsent: textConsent.granted };
}

const noStore = { "Cache-Control": "no-store" };

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const formData = await request.formData();
  const intent = String(formData.get("intent"));
  if (intent === TEXT_CONSENT_INTENT) {
    const granted = formData.get("textConsent") === "on";
    if (!(await setProfileTextConsent(user.id, granted))) throw data(null, { status: 400 });
    return redirectWithToast(href("/account/profile"), {
      type: "success",
      title: granted ? "Texts turned on" : "Texts turned off",
    });
  }
  if (!Object.hasOwn(intents, intent)) {
    const saved = await submitFullName(user.id, formData);
    if (!saved.ok) return data(saved.result, saved.status);
    return redirectWithToast(href("/account/profile"), PROFILE_UPDATED);
  }
  const step = await intents[intent as keyof typeof intents](
    user,
    formData,
    authRequest(request, context),
  );
  if (step.ok === true)
    return redirectWithToast(href("/account/profile"), step.toast, step.headers);
  if (step.ok === "redirect") return step.response;
  if (step.ok === "next") return data<SecurityReply>(step.reply, { headers: noStore });
  if (!step.reply) throw data(null, { status: step.status });
  return data<SecurityReply>(step.reply, { status: step.status, headers: noStore });
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Profile", "Your profile settings.");
}

function isSecurityReply(value: unknown): value is SecurityReply {
  return typeof value === "object" && value !== null && "section" in value;
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const security = isSecurityReply(actionData) ? actionData : undefined;
  const profileResult = isSecurityReply(actionData) ? undefined : actionData;
  return (
    <div className="max-w-2xl space-y-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Profile Settings</CardTitle>
          {/* a long address breaks rather than pushing the page sideways on a phone */}
          <CardDescription className="wrap-anywhere">
            Signed in as {loaderData.email}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <FullNameForm
            lastResult={profileResult}
            defaultValue={loaderData.fullName}
            submitLabel="Save Changes"
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            Two-Factor Authentication
            <Badge tone={loaderData.twoFactorEnabled ? "success" : "neutral"}>
              {loaderData.twoFactorEnabled ? "On" : "Off"}
            </Badge>
          </CardTitle>
          <CardDescription>
            Ask for a code from an authenticator app (such as Google Authenticator or 1Password), or
            one we text you, when you sign in.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <TwoFactorSection
            enabled={loaderData.twoFactorEnabled}
            hasMobile={loaderData.mobileNumber !== null}
            error={security?.section === "two-factor" ? security.error : undefined}
            enrolment={security?.enrolment}
            smsEnrolment={security?.smsEnrolment}
          />
        </CardContent>
      </Card>

      {loaderData.hasPassword && (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Change Password</CardTitle>
            <CardDescription>Your other devices are signed out when it changes.</CardDescription>
          </CardHeader>
          <CardContent>
            <ChangePasswordForm
              lastResult={security?.section === "password" ? security.result : undefined}
            />
          </CardContent>
        </Card>
      )}

      <MobileNumberSection
        mobileNumber={loaderData.mobileNumber}
        pending={security?.section === "phone" ? security.pendingMobile : undefined}
        result={security?.section === "phone" ? security.result : undefined}
      />

      <TextConsentCard
        hasMobile={loaderData.mobileNumber !== null}
        granted={loaderData.textConsent}
      />

      <SignInMethods
        methods={loaderData.signInMethods}
        providers={loaderData.providers}
        companyAccount={loaderData.companyAccount}
        error={
          security?.section === "methods" ? security.error : (loaderData.linkError ?? undefined)
        }
      />

      <Card>
        <CardHeader>
          <CardTitle as="h2">Signed-in Devices</CardTitle>
          <CardDescription>Sign out anywhere you do not recognise.</CardDescription>
        </CardHeader>
        <CardContent>
          <SignedInDevices
            devices={loaderData.devices}
            error={security?.section === "devices" ? security.error : undefined}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Your Data</CardTitle>
          <CardDescription>
            Download everything we hold about you: a ZIP file of your profile, sign-in methods,
            devices, properties, quote requests with their files, estimates and visits.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {/* a full page post: the browser saves the answer as a file */}
          <Form method="post" action={href("/account/data-export")} reloadDocument>
            <Button type="submit" variant="outline">
              Download My Data
            </Button>
          </Form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Close Account</CardTitle>
          <CardDescription>
            Erase your personal data and sign-in. Quote requests and signed estimates are kept
            without your login, as business records.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="destructive">
            <Link to={href("/account/close")}>Close My Account...</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
