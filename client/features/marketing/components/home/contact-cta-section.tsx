import { ArrowRight, Mail, Phone } from "lucide-react";
import { Link } from "react-router";
import { useSiteItem } from "~/lib/site-content";
import { homeContent } from "../../lib/home-content.ts";
import { FallbackPicture } from "./fallback-picture.tsx";
import { container, primaryButton, sectionY } from "./styles.ts";

/** The contact call to action (the landing page's contact-section). */
export function ContactCtaSection() {
  const { contact } = homeContent;
  const { phones, emails } = useSiteItem("contact");
  const phone = phones[0];
  const email = emails[0];
  return (
    <section id="contact-section" className={`bg-white ${sectionY}`}>
      <div className={container}>
        <div className="grid overflow-hidden rounded-2xl bg-steel-900 shadow-xl lg:grid-cols-2">
          <div className="p-6 sm:p-12 lg:p-14">
            <p className="text-xs font-bold tracking-[0.16em] text-accent-400 uppercase sm:text-sm">
              {contact.eyebrow}
            </p>
            <h2 className="mt-3 text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
              {contact.title}
            </h2>
            <p className="mt-5 text-base leading-relaxed text-steel-300 sm:text-lg">{contact.text}</p>
            <Link to="/contactus" className={`${primaryButton} mt-8`}>
              {contact.cta}
              <ArrowRight aria-hidden="true" size={18} />
            </Link>
            <ul className="mt-8 flex flex-col gap-3 border-t border-white/10 pt-6 text-sm text-steel-200 sm:flex-row sm:gap-8">
              {phone && (
                <li className="flex items-center gap-2">
                  <Phone aria-hidden="true" size={16} className="text-accent-400" />
                  <a href={phone.href} className="rounded-sm hover:text-white hover:underline">
                    {phone.number}
                  </a>
                </li>
              )}
              {email && (
                <li className="flex items-center gap-2">
                  <Mail aria-hidden="true" size={16} className="text-accent-400" />
                  <a href={`mailto:${email.address}`} className="rounded-sm break-all hover:text-white hover:underline">
                    {email.address}
                  </a>
                </li>
              )}
            </ul>
          </div>
          <div className="relative min-h-64 sm:min-h-80">
            <FallbackPicture
              name={contact.image.name}
              fallback={contact.fallbackImage}
              alt={contact.image.alt}
              sizes="(min-width: 1280px) 616px, (min-width: 1024px) 50vw, calc(100vw - 32px)"
              className="absolute inset-0 h-full w-full object-cover"
            />
          </div>
        </div>
      </div>
    </section>
  );
}
