import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** PostgreSQL's full-text document type (chat search); only ever written by the database. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

/** Staff accounts. `kind` is the login role (admin | employee); `jobRole` is the free-text job title. */
export const users = pgTable(
  "users",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind", { enum: ["admin", "employee"] }).notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    jobRole: text("job_role").notNull().default(""),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    status: text("status", { enum: ["active", "disabled"] })
      .notNull()
      .default("active"),
    performance: integer("performance").notNull().default(0),
    projects: jsonb("projects").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Bumped on password change / disable: every token carrying an older version is refused. */
    tokenVersion: integer("token_version").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`)],
);

/**
 * Failed logins (decision 011): per account and address pair (`address` set), and per account from
 * every address (`address` = ''), in fixed windows. `account` is lower(username), known or not.
 * Kept in the database so the limits hold across server instances.
 */
export const loginFailures = pgTable(
  "login_failures",
  {
    account: text("account").notNull(),
    address: text("address").notNull(),
    failures: integer("failures").notNull(),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true, mode: "date" }).notNull(),
    lastFailedAt: timestamp("last_failed_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.account, t.address] })],
);

/** Addresses an account has logged in from: its own failures elsewhere do not slow it down from these. */
export const loginAddresses = pgTable(
  "login_addresses",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] }), index("login_addresses_last_login_at_idx").on(t.lastLoginAt)],
);

/** Sessions ended by logout (the token's `jti`), kept until the token would have expired anyway. */
export const revokedSessions = pgTable(
  "revoked_sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("revoked_sessions_expires_at_idx").on(t.expiresAt)],
);

/** Files an admin shares with clients through an expiring public link. */
export const sharedFiles = pgTable(
  "shared_files",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    fileName: text("file_name").notNull(),
    /** Unguessable public token used in the link; also the storage key. */
    token: text("token").notNull().unique(),
    contentType: text("content_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    uploadedBy: bigint("uploaded_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** When the sweep erased the file of an expired share; the row stays, so its link answers 410 for good. */
    fileErasedAt: timestamp("file_erased_at", { withTimezone: true, mode: "date" }),
    /** DESIGN §12: argon2id hash of the link's optional password (the link then shows a password page first). */
    passwordHash: text("password_hash"),
    /** Downloads allowed before the link answers 410 for good; null for no limit. */
    maxDownloads: integer("max_downloads"),
    /** Downloads started (whole-file answers), and when the last one was. */
    downloads: integer("downloads").notNull().default(0),
    lastDownloadAt: timestamp("last_download_at", { withTimezone: true, mode: "date" }),
    /** When an admin stopped sharing it: the link answers 410 for good and the file is erased. */
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("shared_files_expires_at_idx").on(t.expiresAt)],
);

/**
 * Quote requests from the contact page (DESIGN §11: work the office runs). `reference` is
 * `Q-YYYY-NNNN`, numbered within the year it came in (quote_request_counters); `version` grows by
 * one with every change, so a write made from a stale copy is refused.
 */
export const quoteRequests = pgTable(
  "quote_requests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    reference: text("reference").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company").notNull().default(""),
    phone: text("phone").notNull().default(""),
    projectName: text("project_name").notNull().default(""),
    workTypes: jsonb("work_types").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    tonsOfSteel: text("tons_of_steel").notNull().default(""),
    proposalDate: text("proposal_date").notNull().default(""),
    projectDate: text("project_date").notNull().default(""),
    scopeOfWork: text("scope_of_work").notNull().default(""),
    projectUrl: text("project_url").notNull().default(""),
    fileName: text("file_name"),
    fileKey: text("file_key"),
    fileType: text("file_type"),
    submittedAt: timestamp("submitted_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    status: text("status", { enum: ["new", "contacted", "quoted", "won", "lost"] })
      .notNull()
      .default("new"),
    /** An admin account; answered as its username. */
    assigneeId: bigint("assignee_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    followUpAt: timestamp("follow_up_at", { withTimezone: true, mode: "date" }),
    lostReason: text("lost_reason"),
    /** The first time it left `new`. */
    contactedAt: timestamp("contacted_at", { withTimezone: true, mode: "date" }),
    version: integer("version").notNull().default(0),
  },
  (t) => [
    uniqueIndex("quote_requests_reference_idx").on(t.reference),
    index("quote_requests_submitted_at_idx").on(t.submittedAt),
    index("quote_requests_email_lower_idx").on(sql`lower(${t.email})`),
    index("quote_requests_company_lower_idx").on(sql`lower(${t.company})`),
    index("quote_requests_assignee_id_idx").on(t.assigneeId),
    index("quote_requests_follow_up_at_idx").on(t.followUpAt),
    check("quote_requests_status_check", sql`${t.status} in ('new', 'contacted', 'quoted', 'won', 'lost')`),
    check("quote_requests_lost_reason_check", sql`(${t.status} = 'lost') = (${t.lostReason} is not null)`),
  ],
);

/** The last reference number given in each year: the insert locks its year's row to take the next. */
export const quoteRequestCounters = pgTable("quote_request_counters", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});

/**
 * Job applications from the career page. The CV is personal data: admins only. Erased (by hand or
 * by the retention sweep) the personal fields are emptied and `resumeKey` is null; the row stays.
 */
export const jobApplications = pgTable(
  "job_applications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    message: text("message").notNull().default(""),
    resumeName: text("resume_name").notNull(),
    resumeKey: text("resume_key"),
    resumeType: text("resume_type").notNull(),
    appliedAt: timestamp("applied_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    position: text("position").notNull().default("Open application"),
    status: text("status", { enum: ["new", "screening", "interview", "offer", "hired", "rejected"] })
      .notNull()
      .default("new"),
    /** The applicant's consent to keep the application for future roles: the retention period doubles. */
    keepForFutureRoles: boolean("keep_for_future_roles").notNull().default(false),
    /** When it was last closed (hired or rejected); null while open. Retention counts from here. */
    closedAt: timestamp("closed_at", { withTimezone: true, mode: "date" }),
    erasedAt: timestamp("erased_at", { withTimezone: true, mode: "date" }),
    version: integer("version").notNull().default(0),
  },
  (t) => [
    index("job_applications_applied_at_idx").on(t.appliedAt),
    check(
      "job_applications_status_check",
      sql`${t.status} in ('new', 'screening', 'interview', 'offer', 'hired', 'rejected')`,
    ),
  ],
);

/** A note an admin wrote on a quote request or an application. `authorName`: the username then. */
const noteColumns = () => ({
  id: bigserial("id", { mode: "number" }).primaryKey(),
  authorId: bigint("author_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  authorName: text("author_name").notNull(),
  text: text("text").notNull(),
  createdAt: createdAt(),
});

/** One line of a timeline (DESIGN §11 kinds). `actorName` is null for the requester or the system. */
const activityColumns = () => ({
  id: bigserial("id", { mode: "number" }).primaryKey(),
  at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  actorId: bigint("actor_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  actorName: text("actor_name"),
  kind: text("kind", { enum: ["created", "status", "assignee", "followUp", "note", "email", "erased"] }).notNull(),
  summary: text("summary").notNull(),
});

export const quoteRequestNotes = pgTable(
  "quote_request_notes",
  {
    ...noteColumns(),
    quoteRequestId: bigint("quote_request_id", { mode: "number" })
      .notNull()
      .references(() => quoteRequests.id, { onDelete: "cascade" }),
  },
  (t) => [index("quote_request_notes_quote_request_id_idx").on(t.quoteRequestId, t.id)],
);

export const quoteRequestActivity = pgTable(
  "quote_request_activity",
  {
    ...activityColumns(),
    quoteRequestId: bigint("quote_request_id", { mode: "number" })
      .notNull()
      .references(() => quoteRequests.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("quote_request_activity_quote_request_id_idx").on(t.quoteRequestId, t.id),
    check(
      "quote_request_activity_kind_check",
      sql`${t.kind} in ('created', 'status', 'assignee', 'followUp', 'note', 'email', 'erased')`,
    ),
  ],
);

export const applicationNotes = pgTable(
  "application_notes",
  {
    ...noteColumns(),
    applicationId: bigint("application_id", { mode: "number" })
      .notNull()
      .references(() => jobApplications.id, { onDelete: "cascade" }),
  },
  (t) => [index("application_notes_application_id_idx").on(t.applicationId, t.id)],
);

export const applicationActivity = pgTable(
  "application_activity",
  {
    ...activityColumns(),
    applicationId: bigint("application_id", { mode: "number" })
      .notNull()
      .references(() => jobApplications.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("application_activity_application_id_idx").on(t.applicationId, t.id),
    check(
      "application_activity_kind_check",
      sql`${t.kind} in ('created', 'status', 'assignee', 'followUp', 'note', 'email', 'erased')`,
    ),
  ],
);

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("newsletter_email_lower_idx").on(sql`lower(${t.email})`)],
);

/**
 * ALTCHA challenges already used (by signature), kept until they expire: a solved challenge is
 * good for one submission, on every server instance.
 */
export const captchaSolutions = pgTable(
  "captcha_solutions",
  {
    signature: text("signature").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("captcha_solutions_expires_at_idx").on(t.expiresAt)],
);

/**
 * Chat groups. `createdById` is the group's admin (SPEC §5); `createdByName` is the name it had
 * when the group was made, refreshed to its last username if the account is deleted.
 */
export const chatGroups = pgTable("chat_groups", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  name: text("name").notNull(),
  createdById: bigint("created_by_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  createdByName: text("created_by_name").notNull(),
  adminOnlyMessage: boolean("admin_only_message").notNull().default(false),
  createdAt: createdAt(),
});

export const groupMembers = pgTable(
  "group_members",
  {
    groupId: bigint("group_id", { mode: "number" })
      .notNull()
      .references(() => chatGroups.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index("group_members_user_id_idx").on(t.userId)],
);

/** SPEC §5: when a group has any, only these members (and its admin) may send. */
export const groupAllowedSenders = pgTable(
  "group_allowed_senders",
  {
    groupId: bigint("group_id", { mode: "number" })
      .notNull()
      .references(() => chatGroups.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index("group_allowed_senders_user_id_idx").on(t.userId)],
);

/**
 * A conversation: a group (`groupId`) or a private pair (`userLow` < `userHigh`). `lastSeq` is the
 * last `seq` given to one of its messages (DESIGN §10); writers lock the row to number the next.
 * A deleted account's side becomes null: its partner keeps the conversation, and whoever takes the
 * name next starts a new one.
 */
export const chatConversations = pgTable(
  "chat_conversations",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    groupId: bigint("group_id", { mode: "number" })
      .unique()
      .references(() => chatGroups.id, { onDelete: "cascade" }),
    userLow: bigint("user_low", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    userHigh: bigint("user_high", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    lastSeq: bigint("last_seq", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    uniqueIndex("chat_conversations_pair_idx").on(t.userLow, t.userHigh).where(sql`${t.groupId} is null`),
    index("chat_conversations_user_high_idx").on(t.userHigh),
  ],
);

/**
 * Private and group messages. `senderName` / `recipientName` are the names at send time, refreshed
 * to the account's last username when it is deleted (the ids then become null): what the others
 * still see. Exactly one of recipientId-or-name / groupId is set.
 */
export const messages = pgTable(
  "messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    conversationId: bigint("conversation_id", { mode: "number" })
      .notNull()
      .references(() => chatConversations.id, { onDelete: "cascade" }),
    seq: bigint("seq", { mode: "number" }).notNull(),
    type: text("type", { enum: ["PRIVATE_MESSAGE", "GROUP_MESSAGE"] }).notNull(),
    senderId: bigint("sender_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    senderName: text("sender_name").notNull(),
    recipientId: bigint("recipient_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    recipientName: text("recipient_name"),
    groupId: bigint("group_id", { mode: "number" }).references(() => chatGroups.id, { onDelete: "cascade" }),
    /** The sender's own id for the message (DESIGN §10): a second SEND with it stores nothing new. */
    clientId: text("client_id"),
    content: text("content").notNull().default(""),
    fileUrl: text("file_url"),
    fileType: text("file_type"),
    fileName: text("file_name"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** DESIGN §10: when its sender last edited it. */
    editedAt: timestamp("edited_at", { withTimezone: true, mode: "date" }),
    /** DESIGN §10: deleted (a tombstone: text and attachment erased). */
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }),
    /** DESIGN §10: the message this one answers, in the same conversation. */
    replyToId: bigint("reply_to_id", { mode: "number" }).references((): AnyPgColumn => messages.id, {
      onDelete: "set null",
    }),
    /** The text as search reads it (decision 018): words as written, lower-cased, no stemming. */
    search: tsvector("search").generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, content)`),
  },
  (t) => [
    uniqueIndex("messages_conversation_seq_idx").on(t.conversationId, t.seq),
    // fastupdate off: new entries go straight into the index, not a pending list the planner
    // shies away from until a VACUUM (which PGlite, without autovacuum, never runs): decision 018.
    index("messages_search_idx").using("gin", t.search).with({ fastupdate: false }),
    index("messages_reply_to_id_idx").on(t.replyToId).where(sql`${t.replyToId} is not null`),
    uniqueIndex("messages_sender_client_id_idx").on(t.senderId, t.clientId).where(sql`${t.clientId} is not null`),
    // The rate limit counts a sender's recent messages.
    index("messages_sender_created_at_idx").on(t.senderId, t.createdAt),
    index("messages_recipient_id_idx").on(t.recipientId),
    index("messages_group_id_idx").on(t.groupId),
    index("messages_file_url_idx").on(t.fileUrl),
  ],
);

/**
 * Chat attachments (POST /upload): stored under a random key, readable by the uploader and by the
 * participants of the messages that carry them. `sentAt` stays null until a message uses it; an
 * attachment never sent is swept after a day.
 */
export const chatAttachments = pgTable(
  "chat_attachments",
  {
    key: text("key").primaryKey(),
    uploaderId: bigint("uploader_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("chat_attachments_unsent_idx").on(t.createdAt).where(sql`${t.sentAt} is null`),
    index("chat_attachments_uploader_id_idx").on(t.uploaderId),
  ],
);

/** One row per (reader, message) still unread. `mentioned`: the message @mentions the reader. */
export const unreadMessages = pgTable(
  "unread_messages",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    mentioned: boolean("mentioned").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.messageId] }), index("unread_messages_message_id_idx").on(t.messageId)],
);

/** DESIGN §10: who a group message @mentions (members of the group when it was sent or edited). */
export const chatMentions = pgTable(
  "chat_mentions",
  {
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index("chat_mentions_user_id_idx").on(t.userId)],
);

/** DESIGN §10: one person's reaction with one emoji on one message. */
export const chatReactions = pgTable(
  "chat_reactions",
  {
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    emoji: text("emoji").notNull(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.emoji, t.userId] }), index("chat_reactions_user_id_idx").on(t.userId)],
);

/**
 * DESIGN §10 read receipts: each time a person's read position in a conversation moves forward, a
 * row with the highest `seq` now read there and when. A message was read by someone at the first
 * of their rows that reaches its seq.
 */
export const chatReadMarks = pgTable(
  "chat_read_marks",
  {
    conversationId: bigint("conversation_id", { mode: "number" })
      .notNull()
      .references(() => chatConversations.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    upToSeq: bigint("up_to_seq", { mode: "number" }).notNull(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId, t.upToSeq] }),
    index("chat_read_marks_user_id_idx").on(t.userId),
  ],
);

export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("push_subscriptions_user_id_idx").on(t.userId)],
);

/**
 * DESIGN §11 audit log: every change an admin makes and every admin login. Append-only: no code
 * updates a row (a trigger refuses it), and only the retention sweep deletes, past AUDIT_RETENTION_DAYS.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** A username as it was then (an account renamed or deleted later keeps its past entries). */
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    target: text("target"),
    summary: text("summary").notNull().default(""),
    ip: text("ip"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_actor_at_idx").on(t.actor, t.at),
    index("audit_log_action_at_idx").on(t.action, t.at),
  ],
);

/**
 * DESIGN §12 file requests: a link (`/upload/<token>`) through which a client sends files, until
 * `expiresAt`, up to `maxTotalBytes` in all. Deleting one deletes its received files' rows (and
 * the module erases their objects).
 */
export const fileRequests = pgTable(
  "file_requests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Unguessable: the client's link. */
    token: text("token").notNull().unique(),
    title: text("title").notNull(),
    message: text("message"),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    maxTotalBytes: bigint("max_total_bytes", { mode: "number" }).notNull(),
    /** argon2id hash of the optional password the client's page asks for. */
    passwordHash: text("password_hash"),
    createdBy: bigint("created_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** When the admin was last e-mailed about arriving files (one e-mail per quiet spell, not one per file). */
    notifiedAt: timestamp("notified_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("file_requests_expires_at_idx").on(t.expiresAt)],
);

/** A file a client sent through a file request; `key` names it in the object store (`requests/<key>`). */
export const receivedFiles = pgTable(
  "received_files",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    requestId: bigint("request_id", { mode: "number" })
      .notNull()
      .references(() => fileRequests.id, { onDelete: "cascade" }),
    key: text("key").notNull().unique(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("received_files_request_id_idx").on(t.requestId)],
);

/** One stored piece of a resumable upload: `uploads/<upload id>.<random>` in the object store. */
export interface UploadPart {
  name: string;
  size: number;
}

/**
 * DESIGN §12 resumable (tus) uploads in progress. The bytes are parts in the object store, so any
 * instance can take the next PATCH; `offset` only moves by a conditional update, so two writers
 * can never both extend it. `kind` says which module receives the file (`share`, `file-request`),
 * `scope` what its limits count against (`file-request:12`), `data` what that module checked at
 * the start (never a password in clear). Once complete, `result` is the final answer's body.
 */
export const resumableUploads = pgTable(
  "resumable_uploads",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    scope: text("scope").notNull(),
    fileName: text("file_name").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    offset: bigint("offset", { mode: "number" }).notNull().default(0),
    parts: jsonb("parts").$type<UploadPart[]>().notNull().default(sql`'[]'::jsonb`),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    /** The last time bytes arrived; unfinished uploads are dropped a day after it. */
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true, mode: "date" }),
    result: jsonb("result"),
  },
  (t) => [index("resumable_uploads_scope_idx").on(t.scope), index("resumable_uploads_updated_at_idx").on(t.updatedAt)],
);

/**
 * DESIGN §13: secrets the environment does not give (the JWT secret, the captcha key, the VAPID
 * keys), generated once by whichever instance asks first and read by all (lib/secrets.ts).
 */
export const instanceSecrets = pgTable("instance_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});
