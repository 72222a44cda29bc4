import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { authRequest } from "./auth-request.server";
import { emailOnlySchema } from "./schemas";
import type { AuthFailure } from "./sign-in.server";

/**
 * The action of a form that mails a link to an address (password reset, a new verification
 * link): validates the email, asks `send`, and answers the same whether or not the address has
 * an account. `{ result, sent }`: 400 for an invalid address, the refusal's status (429) with
 * its message, or `sent: true` with the form reset.
 */
export async function emailLinkAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  send: (email: string, headers: Headers) => Promise<{ ok: true } | ({ ok: false } & AuthFailure)>,
) {
  const submission = parseWithZod(await request.formData(), { schema: emailOnlySchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), sent: false }, 400);
  const outcome = await send(submission.value.email, authRequest(request, context));
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ formErrors: [outcome.message] }), sent: false },
      outcome.status,
    );
  }
  return data({ result: submission.reply({ resetForm: true }), sent: true });
}
