import { Droplets, type LucideIcon, Radiation, Sprout } from "lucide-react";
import type { ServiceId } from "./services";

/** The icon of each service, for cards and the services menu. */
export const serviceIcons: Record<ServiceId, LucideIcon> = {
  water_filtration: Droplets,
  mold: Sprout,
  radon: Radiation,
};
