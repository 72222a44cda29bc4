import { data, Form } from "react-router";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Alert, Checkbox, Field, Textarea } from "~/components/ui/form-controls";
import {
  answerReview,
  reviewFormSchema,
  reviewRequestByToken,
} from "~/features/messages/review-requests.server";
import { StatusLinkErrorPage } from "~/features/quotes/status-link-error";
import { tokenParam } from "~/lib/ids";
import { PRIVATE_PAGE_HEADERS, privatePage } from "~/lib/private-page";
import { privatePageMeta } from "~/lib/seo";
import type { Route } from "./+types/review";

export const headers = privatePage;

/** The private 'Tell us how we did' form of a review request. */
export async function loader({ params }: Route.LoaderArgs) {
  const request = await reviewRequestByToken(tokenParam(params.token));
  if (!request) throw data(null, { status: 404, headers: PRIVATE_PAGE_HEADERS });
  return { answered: request.answered };
}

export async function action({ request, params }: Route.ActionArgs) {
  const review = await reviewRequestByToken(tokenParam(params.token));
  if (!review) throw data(null, { status: 404, headers: PRIVATE_PAGE_HEADERS });
  const form = await request.formData();
  const parsed = reviewFormSchema.safeParse({
    rating: form.get("rating") ?? undefined,
    comment: form.get("comment") ?? undefined,
  });
  if (!parsed.success) {
    return data(
      { ok: false as const, errors: z.flattenError(parsed.error).fieldErrors },
      { status: 400, headers: PRIVATE_PAGE_HEADERS },
    );
  }
  await answerReview(review, parsed.data);
  return data({ ok: true as const, errors: null }, { headers: PRIVATE_PAGE_HEADERS });
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Tell us how we did", "Your private review of our work.");
}

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const done = loaderData.answered || actionData?.ok === true;
  const errors = actionData?.ok === false ? actionData.errors : undefined;
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">Tell us how we did</h1>
      <Card className="mt-6">
        <CardContent className="pt-6">
          {done ? (
            <Alert tone="success">Thank you. Your answer reached our office.</Alert>
          ) : (
            <Form method="post" className="space-y-4">
              <fieldset
                aria-describedby={errors?.rating ? "rating-error" : undefined}
                className="space-y-2"
              >
                <legend className="text-sm font-medium text-slate-900">
                  Your rating (1 poor, 5 excellent)
                </legend>
                <div className="flex flex-wrap gap-4">
                  {[1, 2, 3, 4, 5].map((n) => (
                    <label key={n} htmlFor={`rating-${n}`} className="flex items-center gap-1">
                      <Checkbox id={`rating-${n}`} type="radio" name="rating" value={n} />
                      {n}
                    </label>
                  ))}
                </div>
                {errors?.rating && (
                  <p id="rating-error" className="text-sm text-error-strong">
                    {errors.rating[0]}
                  </p>
                )}
              </fieldset>
              <Field id="review-comment" label="Comment" errors={errors?.comment}>
                {(control) => <Textarea {...control} name="comment" maxLength={2000} />}
              </Field>
              <Button type="submit">Send</Button>
            </Form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <StatusLinkErrorPage error={error} failed="We could not load this page. Please try again." />
  );
}
