import { GalleryPage } from "~/features/marketing/components/gallery/gallery-page";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/gallery");

export default GalleryPage;
