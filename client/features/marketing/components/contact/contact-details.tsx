import { Clock, type LucideIcon, Mail, MessageCircle, Phone } from "lucide-react";
import type { ReactNode } from "react";
import type { SiteItems } from "~/lib/site-content";
import { SectionHeading } from "../shared/section-heading.tsx";

export interface ContactDetailsProps {
  contact: SiteItems["contact"][number];
  labels: {
    title: string;
    intro: string;
    emailTitle: string;
    phoneTitle: string;
    hoursTitle: string;
    messagingTitle: string;
    responseNote: string;
  };
}

const linkClass = "font-semibold text-steel-950 underline-offset-4 hover:text-accent-700 hover:underline";

/** Mailboxes, phone numbers, hours and the messaging link, one card each. */
export function ContactDetails({ contact, labels }: ContactDetailsProps) {
  return (
    <section aria-labelledby="details-heading">
      <SectionHeading id="details-heading" title={labels.title} intro={labels.intro} />
      <ul className="mt-8 grid gap-5 sm:grid-cols-2">
        <DetailCard icon={Mail} title={labels.emailTitle}>
          <dl className="space-y-3">
            {contact.emails.map((email) => (
              <div key={email.address}>
                <dt className="text-xs font-bold tracking-wider text-steel-600 uppercase">{email.label}</dt>
                <dd className="mt-0.5 [overflow-wrap:anywhere]">
                  <a href={`mailto:${email.address}`} className={linkClass}>
                    {email.address}
                  </a>
                </dd>
              </div>
            ))}
          </dl>
        </DetailCard>
        <DetailCard icon={Phone} title={labels.phoneTitle}>
          <dl className="space-y-3">
            {contact.phones.map((phone) => (
              <div key={phone.href}>
                <dt className="text-xs font-bold tracking-wider text-steel-600 uppercase">{phone.label}</dt>
                <dd className="mt-0.5">
                  <a href={phone.href} className={`${linkClass} whitespace-nowrap`}>
                    {phone.number}
                  </a>
                </dd>
              </div>
            ))}
          </dl>
        </DetailCard>
        <DetailCard icon={Clock} title={labels.hoursTitle}>
          <p className="leading-relaxed text-steel-700">{contact.hours}</p>
        </DetailCard>
        <DetailCard icon={MessageCircle} title={labels.messagingTitle}>
          <p className="text-steel-700">{labels.responseNote}</p>
          <a
            href={contact.messagingLink.href}
            target="_blank"
            rel="noopener noreferrer"
            className={`${linkClass} mt-3 inline-block`}
          >
            {contact.messagingLink.label}
          </a>
        </DetailCard>
      </ul>
    </section>
  );
}

function DetailCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <li className="rounded-xl border border-steel-200 bg-white p-5 shadow-sm sm:p-6">
      <span
        aria-hidden="true"
        className="inline-flex h-11 w-11 items-center justify-center rounded-lg bg-accent-50 text-accent-700"
      >
        <Icon size={22} />
      </span>
      <h3 className="mt-4 text-lg font-bold text-steel-950">{title}</h3>
      <div className="mt-3 text-sm">{children}</div>
    </li>
  );
}
