import { MousePointerClick, SearchX } from "lucide-react";
import { Link, useLocation } from "react-router";
import { EmptyPanel } from "~/components/dashboard/empty-panel";
import { ListError, ListSkeleton } from "~/components/dashboard/list-states";
import { cx } from "~/components/ui/cx";
import {
  type AdminSiteContent,
  isSingleCollection,
  type SiteCollection,
  siteCollections,
} from "../../../../shared/site-content.ts";
import { useSiteContent } from "../api/get-content.ts";
import { collectionLabels, itemNouns, itemState, singleId, siteAddresses } from "../lib/collections.ts";
import { ItemEditor } from "./item-editor.tsx";
import { ItemList } from "./item-list.tsx";
import { PublishPanel } from "./publish-panel.tsx";
import { VersionsPanel } from "./versions-panel.tsx";

export type SiteSection = SiteCollection | "versions";

/** What the editor's address may carry in its history state: an item being added, drafts just restored. */
interface SiteLocationState {
  adding?: boolean;
  waiting?: boolean;
}

/**
 * The site editor at /staff/site (DESIGN §17), for admins: a tab per collection and Versions; a
 * list collection's items beside the open one's form (on a phone, one or the other); what waits
 * to be published above, with Publish.
 */
export function SiteEditor({ section, id }: { section: SiteSection; id?: string }) {
  const content = useSiteContent();
  const location = useLocation();
  const state = (location.state ?? {}) as SiteLocationState;
  return (
    <div className="space-y-4">
      {content.data && (
        <PublishPanel key={state.waiting ? location.key : "panel"} content={content.data} expanded={state.waiting} />
      )}
      <SectionTabs current={section} content={content.data} />
      {section === "versions" ? (
        <VersionsPanel />
      ) : content.isPending ? (
        <ListSkeleton label="Loading the site's content" />
      ) : content.isError ? (
        <ListError
          error={content.error}
          fallback="The site's content could not be loaded."
          onRetry={() => void content.refetch()}
          retrying={content.isFetching}
        />
      ) : (
        <CollectionView collection={section} id={id} content={content.data} adding={state.adding === true} />
      )}
    </div>
  );
}

function SectionTabs({ current, content }: { current: SiteSection; content: AdminSiteContent | undefined }) {
  const sections: SiteSection[] = [...siteCollections, "versions"];
  return (
    <nav aria-label="Site content" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-steel-200">
        {sections.map((section) => {
          const waiting =
            section === "versions"
              ? 0
              : (content?.[section].filter((item) => itemState(item) !== "published").length ?? 0);
          const active = section === current;
          return (
            <li key={section}>
              <Link
                to={section === "versions" ? siteAddresses.versions : siteAddresses.collection(section)}
                aria-current={active ? "page" : undefined}
                className={cx(
                  // relative: the count's screen-reader words stay inside the scrolling strip.
                  "relative -mb-px flex h-11 items-center gap-1.5 border-b-2 px-3 text-sm font-semibold whitespace-nowrap",
                  active
                    ? "border-accent-500 text-steel-950"
                    : "border-transparent text-steel-600 hover:border-steel-300 hover:text-steel-950",
                )}
              >
                {section === "versions" ? "Versions" : collectionLabels[section]}
                {waiting > 0 && (
                  <span className="rounded-full bg-amber-200 px-1.5 text-xs leading-5 text-amber-950">
                    {waiting}
                    <span className="sr-only"> waiting to publish</span>
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function CollectionView({
  collection,
  id,
  content,
  adding,
}: {
  collection: SiteCollection;
  id: string | undefined;
  content: AdminSiteContent;
  adding: boolean;
}) {
  const items = content[collection];
  if (isSingleCollection(collection)) {
    const item = items.find((candidate) => candidate.id === singleId);
    if (!item)
      return <EmptyPanel icon={SearchX} title={`The ${collectionLabels[collection].toLowerCase()} are missing`} />;
    return <ItemEditor key={collection} collection={collection} id={singleId} item={item} />;
  }
  const item = id === undefined ? undefined : items.find((candidate) => candidate.id === id);
  return (
    <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-[17rem_minmax(0,1fr)]">
      <div className={cx(id !== undefined && "hidden lg:block")}>
        <ItemList collection={collection} items={items} selected={id} />
      </div>
      <div className={cx("min-w-0", id === undefined && "hidden lg:block")}>
        {id === undefined ? (
          <EmptyPanel
            icon={MousePointerClick}
            title={`Choose a ${itemNouns[collection]} to edit`}
            text={`Or add a new one. Saved changes wait as drafts until you publish them.`}
          />
        ) : item || adding ? (
          <ItemEditor key={`${collection}/${id}`} collection={collection} id={id} item={item} />
        ) : (
          <div className="space-y-3">
            <EmptyPanel
              icon={SearchX}
              title={`There is no ${itemNouns[collection]} “${id}”`}
              text="It may have been removed, or the link is mistyped."
            />
            <Link to={siteAddresses.collection(collection)} className="text-sm font-semibold text-steel-900 underline">
              All {collectionLabels[collection].toLowerCase()}
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}
