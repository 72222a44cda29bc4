import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/marketing/home.tsx"),
  ...prefix("products", [
    layout("routes/marketing/products/layout.tsx", [
      index("routes/marketing/products/index.tsx"),
      route(":service", "routes/marketing/products/service.tsx"),
      route(":service/:location", "routes/marketing/products/location.tsx"),
    ]),
  ]),
  route("quotes/confirmation", "routes/quotes/confirmation.tsx"),
  route("quotes/status/:token", "routes/quotes/status.tsx"),
  route("quotes/:service", "routes/quotes/request.tsx"),
  route("auth/signin", "routes/auth/sign.tsx", { id: "auth/signin" }),
  route("auth/signup", "routes/auth/sign.tsx", { id: "auth/signup" }),
  route("auth/signout", "routes/auth/signout.tsx"),
  route("auth/forgot-password", "routes/auth/forgot-password.tsx"),
  route("auth/reset-password", "routes/auth/reset-password.tsx"),
  route("auth/code", "routes/auth/code.tsx"),
  route("auth/two-factor", "routes/auth/two-factor.tsx"),
  route("account/setup", "routes/account/setup.tsx"),
  ...prefix("account", [
    layout("routes/account/layout.tsx", [
      index("routes/account/index.tsx"),
      route("profile", "routes/account/profile.tsx"),
      route("quotes", "routes/account/quotes.tsx"),
      route("properties", "routes/account/properties.tsx"),
    ]),
  ]),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx", { id: "admin/index" }),
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("quotes", "routes/admin/quotes.tsx"),
      route("quotes/export.csv", "routes/admin/quotes-export.ts"),
      route("quotes/:id", "routes/admin/quote.tsx"),
      route("customers", "routes/admin/customers.tsx"),
      route("customers/:id", "routes/admin/customer.tsx"),
      route("analytics", "routes/admin/analytics.tsx"),
      route("events", "routes/admin/events.ts"),
    ]),
  ]),
  ...prefix("blog", [
    index("routes/blog/index.tsx"),
    route("feed.xml", "routes/blog/feed.ts"),
    route("category/:slug", "routes/blog/category.tsx"),
    route("tag/:slug", "routes/blog/tag.tsx"),
    route(":slug", "routes/blog/post.tsx"),
  ]),
  route("api/auth/*", "routes/api/auth.ts"),
  route("api/client-errors", "routes/api/client-errors.ts"),
  route("healthz", "routes/resources/healthz.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("*", "routes/marketing/not-found.tsx"),
] satisfies RouteConfig;
