import homeJson from "../../../../content/home.json";

/** A content image: a name under content/images (no extension) and its alternative text. */
export interface ContentImageRef {
  name: string;
  alt: string;
}

/** A logo under content/logos: `file` is the SVG's name without extension; width/height its drawn size. */
export interface LogoRef {
  name: string;
  file: string;
  width: number;
  height: number;
}

/** SPEC §3 "Home carousel project"; `imageUrl` is a content image name. */
export interface HomeCarouselProject {
  id: string;
  title: string;
  description: string;
  imageUrl: string;
}

export interface Service {
  id: string;
  title: string;
  summary: string;
  description: string;
  image: string;
  features: string[];
}

export interface Teaser {
  title: string;
  text: string;
  cta: string;
  image: ContentImageRef;
}

/** The words and numbers of the home page (content/home.json), in page order. */
export interface HomeContent {
  hero: {
    eyebrow: string;
    title: string;
    lead: string;
    primaryCta: string;
    secondaryCta: string;
    image: ContentImageRef;
    highlights: string[];
  };
  innovation: {
    eyebrow: string;
    title: string;
    paragraphs: string[];
    points: string[];
    cta: string;
    /** Read after the link text by screen readers, so "Learn more" says what it is about. */
    ctaContext: string;
    image: ContentImageRef;
  };
  services: {
    eyebrow: string;
    title: string;
    lead: string;
    initialCount: number;
    moreLabel: string;
    lessLabel: string;
    cta: string;
    featuresShown: number;
  };
  poweredBy: { title: string; lead: string; logos: LogoRef[] };
  whyChooseUs: {
    eyebrow: string;
    title: string;
    lead: string;
    reasons: { icon: string; title: string; text: string }[];
  };
  partners: { eyebrow: string; title: string; logos: LogoRef[] };
  projects: {
    eyebrow: string;
    title: string;
    lead: string;
    /** "{n} of {count}" */
    slideLabel: string;
    /** "… {from} to {to} of {count}" */
    statusLabel: string;
    viewLabel: string;
    prevLabel: string;
    nextLabel: string;
    pauseLabel: string;
    playLabel: string;
    allLabel: string;
    items: HomeCarouselProject[];
  };
  keyNumbers: { eyebrow: string; title: string; items: { value: number; label: string }[] };
  contact: {
    eyebrow: string;
    title: string;
    text: string;
    cta: string;
    image: ContentImageRef;
    fallbackImage: string;
  };
  teasers: { eyebrow: string; title: string; career: Teaser; quote: Teaser };
}

// Typed assignments: a content edit that breaks the shape fails the type check, not the page.
export const homeContent: HomeContent = homeJson;
