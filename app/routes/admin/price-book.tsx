import { data } from "react-router";
import { PRICE_BOOK_PATH, PriceBookSection } from "~/features/estimates/price-book-page";
import { loadPriceBookPage, priceBookPost } from "~/features/estimates/price-book-page.server";
import { privatePageMeta } from "~/lib/seo";
import { requireAdmin } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/price-book";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return loadPriceBookPage(new URL(request.url).searchParams.get("edit"));
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const outcome = await priceBookPost(await request.formData());
  if (!outcome.ok) {
    if (outcome.status === 404) throw data(null, { status: 404 });
    return data({ form: outcome.form, result: outcome.result }, outcome.status);
  }
  return redirectWithToast(PRICE_BOOK_PATH, {
    type: "success",
    title: "Price book updated",
    description: outcome.message,
  });
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Price book", "What estimates are priced from.");
}

export default function AdminPriceBook({ loaderData, actionData }: Route.ComponentProps) {
  const resultFor = (form: string) => (actionData?.form === form ? actionData.result : undefined);
  return <PriceBookSection page={loaderData} resultFor={resultFor} />;
}
