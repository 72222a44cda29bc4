import { href, redirect } from "react-router";
import { requireUser } from "~/lib/session.server";
import type { Route } from "./+types/index";

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return redirect(href("/account/quotes"));
}
