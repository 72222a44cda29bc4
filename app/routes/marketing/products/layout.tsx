import { Outlet, useLocation } from "react-router";
import { Breadcrumb } from "~/components/layout/breadcrumb";
import { breadcrumbTrail } from "~/lib/breadcrumbs";
import { SCRIPTS_AFTER_PAINT } from "~/lib/page-scripts";

/** the public page paints before its scripts load (lib/page-scripts.ts) */
export const handle = SCRIPTS_AFTER_PAINT;

/** Every /products page sits under the breadcrumb trail (SPEC section 2). */
export default function ProductsLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <Breadcrumb trail={breadcrumbTrail(pathname)} />
      <Outlet />
    </>
  );
}
