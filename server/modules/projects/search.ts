import { and, desc, eq } from "drizzle-orm";
import { markupAddress } from "../../../shared/markups.ts";
import { rfiStateLabels } from "../../../shared/rfis.ts";
import { staffAddresses } from "../../../shared/staff-addresses.ts";
import { transmittalPurposeLabels } from "../../../shared/transmittals.ts";
import type { Db } from "../../db/client.ts";
import { drawingRevisions, drawings, markups, projects, rfis, transmittals } from "../../db/schema.ts";
import type { SearchProvider } from "../../plugins/search.ts";
import { wordSearch } from "../activity/search.ts";
import { projectSearchCondition, readableBy } from "./repository.ts";

/**
 * A project's things in search everything (DESIGN §15): projects, their drawings, transmittals and
 * RFIs, each under the project's access rule (readableBy: every one for an admin, the team's
 * projects for anyone else, DESIGN §16).
 */

/**
 * Projects in search everything (DESIGN §15), by job number, name, client or fabricator, newest
 * first: every one for an admin, the ones whose team they are on for anyone else (DESIGN §16).
 */
export const projectSearch =
  (db: Db): SearchProvider =>
  async (who, q, limit) => {
    const rows = await db
      .select({
        id: projects.id,
        job: projects.job,
        name: projects.name,
        clientCompany: projects.clientCompany,
        fabricator: projects.fabricator,
      })
      .from(projects)
      .where(and(projectSearchCondition(q), readableBy(db, who)))
      .orderBy(desc(projects.id))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      title: `${row.job} · ${row.name}`,
      subtitle: [row.clientCompany, row.fabricator].filter(Boolean).join(" · "),
      url: staffAddresses.project(row.job),
    }));
  };

/** `{job}` and the project page's tab that lists a thing (DESIGN §15: the register is the page's first tab). */
const projectTab = (job: string, tab?: "transmittals" | "rfis") =>
  tab ? `${staffAddresses.project(job)}?tab=${tab}` : staffAddresses.project(job);

const drawingSearchCondition = wordSearch([drawings.number, drawings.title, projects.job]);

/** Sheets of the register by number or title (and their project's job), for whoever may read the project. */
export const drawingSearch =
  (db: Db): SearchProvider =>
  async (who, q, limit) => {
    const rows = await db
      .select({
        id: drawings.id,
        number: drawings.number,
        title: drawings.title,
        revision: drawings.revision,
        job: projects.job,
        name: projects.name,
      })
      .from(drawings)
      .innerJoin(projects, eq(projects.id, drawings.projectId))
      .where(and(drawingSearchCondition(q), readableBy(db, who)))
      .orderBy(desc(drawings.updatedAt), desc(drawings.id))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      title: row.title ? `${row.number} · ${row.title}` : row.number,
      subtitle: [`${row.job} · ${row.name}`, row.revision ? `rev ${row.revision}` : "not drawn yet"].join(" · "),
      url: projectTab(row.job),
    }));
  };

const transmittalSearchCondition = wordSearch([transmittals.number, transmittals.message, projects.job]);

/** Transmittals by number or message, for whoever may read the project. */
export const transmittalSearch =
  (db: Db): SearchProvider =>
  async (who, q, limit) => {
    const rows = await db
      .select({
        id: transmittals.id,
        number: transmittals.number,
        purpose: transmittals.purpose,
        job: projects.job,
        name: projects.name,
      })
      .from(transmittals)
      .innerJoin(projects, eq(projects.id, transmittals.projectId))
      .where(and(transmittalSearchCondition(q), readableBy(db, who)))
      .orderBy(desc(transmittals.id))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      title: row.number,
      subtitle: `${row.job} · ${row.name} · for ${transmittalPurposeLabels[row.purpose].toLowerCase()}`,
      url: projectTab(row.job, "transmittals"),
    }));
  };

const rfiSearchCondition = wordSearch([rfis.number, rfis.subject, rfis.question, rfis.answer, projects.job]);

/** RFIs by number, subject, question or answer, for whoever may read the project. */
export const rfiSearch =
  (db: Db): SearchProvider =>
  async (who, q, limit) => {
    const rows = await db
      .select({ id: rfis.id, number: rfis.number, subject: rfis.subject, state: rfis.state, job: projects.job })
      .from(rfis)
      .innerJoin(projects, eq(projects.id, rfis.projectId))
      .where(and(rfiSearchCondition(q), readableBy(db, who)))
      .orderBy(desc(rfis.id))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      title: `${row.number} · ${row.subject}`,
      subtitle: `${row.job} · ${rfiStateLabels[row.state]}`,
      url: projectTab(row.job, "rfis"),
    }));
  };

const markupSearchCondition = wordSearch([markups.text]);
/** The start of a markup's text as a result's title: its first line, at most 80 characters. */
const firstLine = (text: string) => {
  const line = text.split("\n", 1)[0]?.trim() ?? "";
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
};

/**
 * Markups by their text (DESIGN §18), newest first, for whoever may read the sheet: the project's
 * rule, as its drawings. Each opens the sheet at its revision with the markup selected.
 */
export const markupSearch =
  (db: Db): SearchProvider =>
  async (who, q, limit) => {
    const rows = await db
      .select({
        id: markups.id,
        text: markups.text,
        kind: markups.kind,
        page: markups.page,
        author: markups.authorName,
        number: drawings.number,
        revision: drawingRevisions.revision,
        job: projects.job,
      })
      .from(markups)
      .innerJoin(drawings, eq(drawings.id, markups.drawingId))
      .innerJoin(drawingRevisions, eq(drawingRevisions.id, markups.revisionId))
      .innerJoin(projects, eq(projects.id, drawings.projectId))
      .where(and(markupSearchCondition(q), readableBy(db, who)))
      .orderBy(desc(markups.id))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      title: firstLine(row.text) || row.kind,
      subtitle: `${row.job} · ${row.number} rev ${row.revision} · page ${row.page} · ${row.author}`,
      url: markupAddress(row.job, row.number, row.revision, row.id),
    }));
  };
