import { describe, expect, it } from "vitest";
import { richTextBlocks } from "./rich-text.ts";
import { richTextFields, richTextsOf } from "./site-content.ts";

describe("the site's long texts (decision 065)", () => {
  it("are the fields the schemas keep as sanitized Markdown", () => {
    expect(richTextFields).toEqual({
      jobs: ["description"],
      projects: ["longDescription"],
      gallery: [],
      services: ["description"],
      keyNumbers: [],
      contact: [],
      about: [],
    });
  });

  it("are read for a page by their Markdown, each once, and nothing else is", () => {
    const job = "We need a **Tekla** modeller:\n\n- connections\n- [apply](/career)";
    const read = richTextsOf({
      jobs: [
        { id: "a", title: "Not a long text", description: job },
        { id: "b", title: "Same text", description: job },
      ],
      services: [{ id: "c", summary: "*plain*", description: "constructor" }],
      gallery: [{ id: "d", caption: "**not read**" }],
    });
    expect(Object.keys(read)).toEqual([job, "constructor"]);
    expect(read[job]).toEqual(richTextBlocks(job));
    expect(read.constructor).toEqual([{ kind: "paragraph", children: [{ kind: "text", text: "constructor" }] }]);
  });
});
