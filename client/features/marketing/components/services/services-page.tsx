import { useSiteCollection } from "~/lib/site-content";
import page from "../../../../../content/services-page.json";
import { CallToAction } from "../shared/call-to-action.tsx";
import { PageBanner } from "../shared/page-banner.tsx";
import { ServiceJumpNav } from "./service-jump-nav.tsx";
import { ServiceProcess } from "./service-process.tsx";
import { ServiceSection } from "./service-section.tsx";
import { ServiceStandards } from "./service-standards.tsx";

export function ServicesPage() {
  const services = useSiteCollection("services");
  return (
    <main id="main">
      <PageBanner {...page.banner}>
        <ServiceJumpNav label={page.jumpLabel} services={services} />
      </PageBanner>
      <div className="mx-auto max-w-7xl divide-y divide-steel-200 px-4 sm:px-6">
        {services.map((service, index) => (
          <ServiceSection
            key={service.id}
            service={service}
            index={index}
            total={services.length}
            featuresLabel={page.featuresLabel}
          />
        ))}
      </div>
      <ServiceStandards {...page.standards} />
      <ServiceProcess {...page.process} />
      <CallToAction {...page.cta} />
    </main>
  );
}
