import { cedarHeights } from "./cedar-heights-residences.ts";
import { coastalPipeRack } from "./coastal-pipe-rack.ts";
import { harborPointTower } from "./harbor-point-tower.ts";
import { northgateDistribution } from "./northgate-distribution-center.ts";
import { riversideFootbridge } from "./riverside-footbridge.ts";
import { summitArena } from "./summit-arena-roof.ts";

export const projects: Record<string, () => string> = {
  "content/images/projects/harbor-point-tower.svg": harborPointTower,
  "content/images/projects/riverside-footbridge.svg": riversideFootbridge,
  "content/images/projects/coastal-pipe-rack.svg": coastalPipeRack,
  "content/images/projects/northgate-distribution-center.svg": northgateDistribution,
  "content/images/projects/cedar-heights-residences.svg": cedarHeights,
  "content/images/projects/summit-arena-roof.svg": summitArena,
};
