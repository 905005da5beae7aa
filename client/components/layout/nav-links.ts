/** Navbar links; `section` is the landing-page section the scroll spy highlights them for. */
export const navLinks = [
  { to: "/", label: "Home", mobileLabel: "Home", section: "home-section" },
  { to: "/about", label: "About", mobileLabel: "About", section: "about-section" },
  { to: "/services", label: "Services", mobileLabel: "Services", section: "services-section" },
  { to: "/projects", label: "Projects", mobileLabel: "Projects", section: "projects-section" },
  { to: "/career", label: "Career", mobileLabel: "Career", section: "career-section" },
  { to: "/contactus", label: "Contact", mobileLabel: "Contact Us", section: "contact-section" },
] as const;

export const landingSectionIds = navLinks.map((link) => link.section);
