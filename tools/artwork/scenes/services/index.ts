import { modeling } from "./3d-modeling.ts";
import { connectionDesign } from "./connection-design.ts";
import { estimation } from "./estimation.ts";
import { miscSteel } from "./misc-steel.ts";
import { shopDrawings } from "./shop-drawings.ts";
import { structuralDrafting } from "./structural-drafting.ts";

export const services: Record<string, () => string> = {
  "content/images/services/connection-design.svg": connectionDesign,
  "content/images/services/3d-modeling.svg": modeling,
  "content/images/services/structural-drafting.svg": structuralDrafting,
  "content/images/services/misc-steel.svg": miscSteel,
  "content/images/services/estimation.svg": estimation,
  "content/images/services/shop-drawings.svg": shopDrawings,
};
