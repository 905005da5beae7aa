import { ContactPage } from "~/features/marketing/components/contact/contact-page";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/contactus");

export default ContactPage;
