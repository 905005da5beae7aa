import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { AuditAction } from "../../shared/audit.ts";
import type { Db } from "../db/client.ts";
import { auditLog } from "../db/schema.ts";
import { currentUser } from "./auth.ts";

/** One thing an admin did (DESIGN §11). */
export interface AuditRecord {
  /** The admin's username; for a failed login, the username tried. */
  actor: string;
  action: AuditAction;
  /** What it acted on, as `kind:id` (`employee:12`, `quote:Q-2026-0042`), or null. */
  target?: string | null;
  /** One line a person reads: "status new → contacted", "created bob (employee)". */
  summary: string;
}

/** What an entry says about the thing acted on; the actor, action and address come from elsewhere. */
export type AuditEntry = Pick<AuditRecord, "target" | "summary">;

/** Writes one entry inside a change's transaction, from what the change returned. */
export type AuditInTransaction<Result> = (tx: Db, result: Result) => Promise<void>;

/**
 * Who an entry is by: a request's signed-in user, or a username named outright with the request (if
 * any) for the address, as when a resumable upload finishes after the requests that sent it.
 */
export type AuditBy = FastifyRequest | { actor: string; request?: FastifyRequest | null };

/**
 * Appends to the audit log: the only writer of audit_log. Pass the transaction when the change is
 * written in one, so the entry commits (or rolls back) with it; the request gives the address.
 */
export class AuditTrail {
  constructor(private readonly db: Db) {}

  async record(request: FastifyRequest | null, entry: AuditRecord, tx: Db = this.db): Promise<void> {
    await tx.insert(auditLog).values({
      actor: entry.actor,
      action: entry.action,
      target: entry.target ?? null,
      summary: entry.summary,
      ip: request?.ip ?? null,
    });
  }

  /**
   * The entry of an admin's change, written in the change's own transaction (both commit or
   * neither does) with the request's user as actor. The repository calls the writer with the
   * transaction and either the entry itself or its result, which `describe` turns into the entry.
   */
  as(by: AuditBy, action: AuditAction): AuditInTransaction<AuditEntry>;
  as<Result>(by: AuditBy, action: AuditAction, describe: (result: Result) => AuditEntry): AuditInTransaction<Result>;
  as<Result>(
    by: AuditBy,
    action: AuditAction,
    describe: (result: Result) => AuditEntry = (result) => result as AuditEntry,
  ): AuditInTransaction<Result> {
    return (tx, result) => {
      const { request, actor } =
        "actor" in by
          ? { request: by.request ?? null, actor: by.actor }
          : { request: by, actor: currentUser(by).username };
      return this.record(request, { actor, action, ...describe(result) }, tx);
    };
  }
}

declare module "fastify" {
  interface FastifyInstance {
    audit: AuditTrail;
  }
}

/** Decorates `app.audit`: registered after the database, before the modules that record. */
export const auditPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate("audit", new AuditTrail(app.db));
  },
  { name: "audit", dependencies: ["database"] },
);
