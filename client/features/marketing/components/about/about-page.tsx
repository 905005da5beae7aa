import { useSiteItem } from "~/lib/site-content";
import { CallToAction } from "../shared/call-to-action.tsx";
import { PageBanner } from "../shared/page-banner.tsx";
import { Benefits } from "./benefits.tsx";
import { CoreValues } from "./core-values.tsx";
import { Industries } from "./industries.tsx";
import { MissionVision } from "./mission-vision.tsx";
import { TechnologyMastery } from "./technology-mastery.tsx";
import { VisionPillars } from "./vision-pillars.tsx";
import { WhoWeAre } from "./who-we-are.tsx";

export function AboutPage() {
  const about = useSiteItem("about");
  return (
    <main id="main">
      <PageBanner {...about.banner} />
      <WhoWeAre {...about.whoWeAre} />
      <MissionVision {...about.missionVision} />
      <Industries {...about.industries} />
      <TechnologyMastery {...about.technology} />
      <CoreValues {...about.values} />
      <Benefits {...about.benefits} />
      <VisionPillars {...about.visionPillars} />
      <CallToAction {...about.cta} />
    </main>
  );
}
