import { Mail, MessageCircle, Phone } from "lucide-react";
import { Link } from "react-router";
import { useSiteItem } from "~/lib/site-content";
import site from "../../../content/site.json";
import { NewsletterForm } from "./newsletter-form.tsx";

const footerLinks = [
  { to: "./", label: "Home" },
  { to: "/services", label: "Services" },
  { to: "/projects", label: "Projects" },
  { to: "/career", label: "Career" },
  { to: "/about", label: "About" },
  { to: "/contactus", label: "Contact" },
];

export function Footer() {
  const contact = useSiteItem("contact");
  return (
    <footer className="bg-steel-950 text-steel-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-extrabold tracking-[0.14em] text-white uppercase">{site.brand.name}</p>
          <p className="mt-3 text-sm leading-relaxed text-steel-300">{site.brand.tagline}.</p>
          <a
            className="mt-5 inline-flex items-center rounded-md border border-steel-600 px-4 py-2 text-sm font-semibold text-white hover:border-accent-400"
            href="/brochure.pdf"
            download
          >
            {contact.brochure.label}
          </a>
        </div>

        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold tracking-wider text-white uppercase">Company</h2>
          <ul className="mt-4 space-y-1 text-sm">
            {footerLinks.map((link) => (
              <li key={link.label}>
                <Link to={link.to} className="inline-block py-1.5 hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold tracking-wider text-white uppercase">Get in touch</h2>
          <ul className="mt-4 space-y-3 text-sm">
            {contact.emails.map((email) => (
              <li key={email.address} className="flex items-center gap-2">
                <Mail aria-hidden="true" size={16} className="text-accent-400" />
                <a href={`mailto:${email.address}`} className="break-all hover:text-white">
                  {email.address}
                </a>
              </li>
            ))}
            {contact.phones.map((phone) => (
              <li key={phone.href} className="flex items-center gap-2">
                <Phone aria-hidden="true" size={16} className="text-accent-400" />
                <a href={phone.href} className="hover:text-white">
                  {phone.number}
                </a>
              </li>
            ))}
            <li className="flex items-center gap-2">
              <MessageCircle aria-hidden="true" size={16} className="text-accent-400" />
              <a
                href={contact.messagingLink.href}
                rel="noopener noreferrer"
                target="_blank"
                className="hover:text-white"
              >
                {contact.messagingLink.label}
              </a>
            </li>
          </ul>
        </div>

        <div>
          <h2 className="text-sm font-semibold tracking-wider text-white uppercase">Newsletter</h2>
          <p className="mt-4 text-sm text-steel-300">Project news and detailing insights, a few times a year.</p>
          <NewsletterForm />
        </div>
      </div>
      <div className="border-t border-steel-800">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-steel-400 sm:px-6">
          © {site.copyrightYear} {site.brand.legalName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
