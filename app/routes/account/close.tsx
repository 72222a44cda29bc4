import { data, href } from "react-router";
import { Alert } from "~/components/ui/form-controls";
import { authRequest } from "~/features/accounts/auth-request.server";
import {
  closeAccount,
  emailClosingCode,
  hasPassword,
  isStaffAccount,
} from "~/features/accounts/close-account.server";
import { CloseAccountForm } from "~/features/accounts/close-account-form";
import { privatePageMeta } from "~/lib/seo";
import { requireUser } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/close";

const noStore = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const [withPassword, staff] = await Promise.all([hasPassword(user.id), isStaffAccount(user)]);
  return data({ email: user.email, hasPassword: withPassword, staff }, { headers: noStore });
}

/**
 * POST /account/close: `intent=send-code` emails a closing code (accounts without a password);
 * `intent=close` closes the account and signs this browser out, to the home page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const formData = await request.formData();
  const headers = authRequest(request, context);
  if (formData.get("intent") === "send-code") {
    const sent = await emailClosingCode(user, headers);
    if (!sent.ok)
      return data(
        { codeSent: false, error: sent.message },
        { status: sent.status, headers: noStore },
      );
    return data({ codeSent: true }, { headers: noStore });
  }
  const closed = await closeAccount(user, formData, headers);
  if (!closed.ok) {
    return data(
      { codeSent: true, result: closed.result },
      { status: closed.status, headers: noStore },
    );
  }
  return redirectWithToast(
    href("/"),
    {
      type: "success",
      title: "Account closed",
      description: "Your personal data is erased and you are signed out. Thank you for your trust.",
    },
    closed.headers,
  );
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Close Account", "Close your account.");
}

/** The confirmation step before an account is closed: a page of its own (works without JavaScript). */
export default function CloseAccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as { codeSent?: boolean; error?: string; result?: never } | undefined;
  return (
    <section aria-labelledby="close-title" className="max-w-xl space-y-4">
      <h2 id="close-title" className="text-xl font-semibold">
        Close your account?
      </h2>
      {/* a long address breaks rather than pushing the page sideways on a phone */}
      <p className="wrap-anywhere text-slate-700">
        Closing erases your name, email ({loaderData.email}), mobile number, saved properties,
        sign-in methods, two-factor settings and signed-in devices. You are signed out everywhere
        and cannot sign in again; you may create a new account with the same email later.
      </p>
      <p className="text-slate-700">
        We keep the quote requests you sent and any estimate you signed, without your login, as the
        law requires us to keep business records. Download your data first if you want a copy.
      </p>
      {loaderData.staff ? (
        <Alert>
          A staff account cannot be closed here: ask another admin to remove your access first.
        </Alert>
      ) : (
        <>
          {reply?.error && <Alert>{reply.error}</Alert>}
          <CloseAccountForm
            hasPassword={loaderData.hasPassword}
            codeSent={reply?.codeSent ?? false}
            lastResult={reply?.result}
          />
        </>
      )}
    </section>
  );
}
