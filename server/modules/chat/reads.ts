import {
  type ChatReadInput,
  chatDestinations,
  chatLimits,
  groupConversation,
  parseConversationKey,
  privateConversation,
} from "../../../shared/chat.ts";
import { TrailingThrottle } from "../../lib/trailing-throttle.ts";
import { RealtimeRefusal } from "../../realtime/types.ts";
import type { ChatActor } from "./actions.ts";
import type { ChatDelivery } from "./ports.ts";
import type { ReadMove, ReadOutcome, ReadRecorder, ReadRequest } from "./read-recorder.ts";
import type { ChatLogger } from "./service.ts";

/** What a read names: a ReadRequest without its reader. */
type ReadTarget = ReadRequest extends infer R
  ? R extends unknown
    ? Omit<R, "readerId" | "readerIsAdmin">
    : never
  : never;

export const readRefusals = {
  forbidden: "You cannot read this conversation.",
  beyondEnd: "upToSeq is above the conversation's last message.",
} as const;

/**
 * Reading (DESIGN §10): the watermark sent over STOMP (`/app/chat.read`) and SPEC's mark-read calls
 * feed one recorder; the others are told with READ, at most once per second per reader and
 * conversation (on the flushes' clock), a held one sent when that second ends with the highest
 * position (never dropped).
 */
export class ChatReads {
  private readonly announcements: TrailingThrottle<{ reader: string; move: ReadMove }>;

  constructor(
    private readonly recorder: ReadRecorder,
    private readonly realtime: ChatDelivery,
    private readonly log: ChatLogger,
  ) {
    this.announcements = new TrailingThrottle({
      everyMs: chatLimits.readEventEveryMs,
      // On the flushes' beat (every readFlushMs on the clock): a reader's marks a second apart are
      // written four beats apart, and a write that took a few ms longer does not hold its READ back.
      now: () => {
        const now = Date.now();
        return now - (now % chatLimits.readFlushMs);
      },
      merge: (held, next) => (next.move.upToSeq > held.move.upToSeq ? next : held),
      emit: (_key, { reader, move }) => {
        this.announce(reader, move).catch((error: unknown) => this.log.warn({ err: error }, "READ not delivered"));
      },
    });
  }

  /**
   * `/app/chat.read`: the highest seq the reader has shown there. Resolves once written; refused
   * (FORBIDDEN, INVALID) when the reader cannot read the conversation or it has no such seq.
   */
  async upTo(reader: ChatActor, input: ChatReadInput): Promise<void> {
    const named = parseConversationKey(input.conversation);
    if (!named) throw new RealtimeRefusal(readRefusals.forbidden, { code: "FORBIDDEN" });
    const outcome = await this.record(reader, {
      upToSeq: input.upToSeq,
      ...(named.kind === "private" ? { privateWith: named.username } : { groupId: named.groupId }),
    });
    if (!outcome.readable) throw new RealtimeRefusal(readRefusals.forbidden, { code: "FORBIDDEN" });
    if (outcome.beyondEnd) throw new RealtimeRefusal(readRefusals.beyondEnd, { code: "INVALID" });
  }

  /**
   * SPEC's mark-read call for one message (a message that arrived while its chat was open): false
   * when there is no such message or the reader cannot read its conversation.
   */
  async message(reader: ChatActor, messageId: number): Promise<boolean> {
    return (await this.record(reader, { messageId })).readable;
  }

  /** SPEC's mark-read call for a whole conversation (its unread rows are already gone): the position moves to its end. */
  async conversation(reader: ChatActor, conversationId: number): Promise<void> {
    await this.record(reader, { conversationId });
  }

  /** Records a read; its READ, if the position moved, goes out through the throttle. */
  private async record(reader: ChatActor, what: ReadTarget): Promise<ReadOutcome> {
    const outcome = await this.recorder.record({
      readerId: reader.id,
      readerIsAdmin: reader.role === "admin",
      ...what,
    });
    this.moved(reader, outcome);
    return outcome;
  }

  /** Writes what waits and sends the READs held back (on shutdown). */
  async flush(): Promise<void> {
    await this.recorder.flush();
    this.announcements.flush();
  }

  private moved(reader: ChatActor, outcome: ReadOutcome): void {
    if (!outcome.moved) return;
    this.announcements.push(`${reader.id}:${outcome.moved.conversationId}`, {
      reader: reader.username,
      move: outcome.moved,
    });
  }

  /**
   * READ to the others of the conversation. Only its people leave receipts (the recorder checks):
   * an administrator looking into a group they are not in does not.
   */
  private async announce(reader: string, move: ReadMove): Promise<void> {
    const read = { type: "READ" as const, reader, upToSeq: move.upToSeq, at: move.at.toISOString() };
    if (move.groupId !== null) {
      await this.realtime.publishToTopic(chatDestinations.group(move.groupId), {
        ...read,
        conversation: groupConversation(move.groupId),
      });
    } else if (move.otherName !== null) {
      await this.realtime.publishToUser(move.otherName, chatDestinations.privateQueueSuffix, {
        ...read,
        conversation: privateConversation(reader),
      });
    }
  }
}
