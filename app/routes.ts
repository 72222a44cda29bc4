import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/marketing/home.tsx"),
  route("quotes/confirmation", "routes/quotes/confirmation.tsx"),
  route("quotes/:service", "routes/quotes/request.tsx"),
  route("healthz", "routes/resources/healthz.ts"),
  route("*", "routes/marketing/not-found.tsx"),
] satisfies RouteConfig;
