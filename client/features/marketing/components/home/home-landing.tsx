import { ContactCtaSection } from "./contact-cta-section.tsx";
import { HeroSection } from "./hero-section.tsx";
import { InnovationSection } from "./innovation-section.tsx";
import { KeyNumbersSection } from "./key-numbers-section.tsx";
import { PartnersSection } from "./partners-section.tsx";
import { PoweredBySection } from "./powered-by-section.tsx";
import { ProjectsCarouselSection } from "./projects-carousel-section.tsx";
import { ServicesSection } from "./services-section.tsx";
import { TeasersSection } from "./teasers-section.tsx";
import { WhyChooseUsSection } from "./why-choose-us-section.tsx";

/** The public landing page (SPEC §2 Home), block by block in page order. */
export function HomeLanding() {
  return (
    <main id="main">
      <HeroSection />
      <InnovationSection />
      <ServicesSection />
      <PoweredBySection />
      <WhyChooseUsSection />
      <PartnersSection />
      <ProjectsCarouselSection />
      <KeyNumbersSection />
      <ContactCtaSection />
      <TeasersSection />
    </main>
  );
}
