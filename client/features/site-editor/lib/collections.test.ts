import { describe, expect, it } from "vitest";
import type { AdminSiteContent, AdminSiteItem } from "../../../../shared/site-content.ts";
import { itemState, itemTitle, siteAddresses, waitingChanges } from "./collections.ts";

const item = (over: Partial<AdminSiteItem>): AdminSiteItem => ({
  id: "x",
  version: 1,
  status: "published",
  published: { title: "Published title" },
  draft: null,
  publishAt: null,
  moved: false,
  ...over,
});

describe("the editor's items", () => {
  it("tells a removal from a change", () => {
    expect(itemState(item({}))).toBe("published");
    expect(itemState(item({ status: "draft", published: null, draft: {} }))).toBe("draft");
    expect(itemState(item({ status: "changed", draft: { title: "New" } }))).toBe("changed");
    expect(itemState(item({ status: "changed", draft: null }))).toBe("removing");
  });

  it("names items by their title, name, caption or label", () => {
    expect(itemTitle("projects", { name: "Harbor Point" }, "harbor")).toBe("Harbor Point");
    expect(itemTitle("keyNumbers", { value: 250, label: "Projects" }, "k")).toBe("250 Projects");
    expect(itemTitle("jobs", { title: " " }, "j-1")).toBe("j-1");
    expect(itemTitle("contact", {}, "main")).toBe("Contact details");
  });

  it("lists what waits to be published, with the change it makes", () => {
    const content = {
      jobs: [
        item({ id: "a" }),
        item({ id: "b", status: "draft", published: null, draft: { title: "New job" } }),
        item({ id: "c", status: "changed", draft: null }),
      ],
      projects: [],
      gallery: [],
      services: [],
      keyNumbers: [],
      contact: [
        item({ id: "main", status: "changed", draft: { hours: "9–5" }, publishAt: "2026-12-03T09:00:00.000Z" }),
      ],
      about: [],
    } as AdminSiteContent;
    expect(
      waitingChanges(content).map((change) => [change.collection, change.id, change.change, change.title]),
    ).toEqual([
      ["jobs", "b", "added", "New job"],
      ["jobs", "c", "removed", "Published title"],
      ["contact", "main", "changed", "Contact details"],
    ]);
  });

  it("gives every item an address", () => {
    expect(siteAddresses.item("jobs", "sr-modeler")).toBe("/staff/site/jobs/sr-modeler");
    expect(siteAddresses.item("contact", "main")).toBe("/staff/site/contact");
  });
});
