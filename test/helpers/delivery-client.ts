// A chat client for the delivery test (server/modules/chat/delivery.test.ts), written to DESIGN §10
// as the staff client must behave: it keeps every send until its RECEIPT and sends it again with the
// same clientId after a reconnect, catches every conversation up after each (re)connect and on a
// seq gap, and keeps one view per conversation, deduplicated by id and ordered by seq.
import { Client, type IMessage } from "@stomp/stompjs";
import { WebSocket } from "ws";
import {
  type CatchUpPage,
  type ChatMessage,
  catchUpPageSchema,
  chatDestinations,
  chatLimits,
  chatMessageSchema,
  chatPaths,
  messageTypes,
} from "../../shared/chat.ts";
import { type Refusal, refusalSchema } from "../../shared/realtime.ts";

export type Conversation = { key: string } & ({ kind: "private"; other: string } | { kind: "group"; groupId: number });

export const privateConversation = (other: string): Conversation => ({
  key: `private:${other}`,
  kind: "private",
  other,
});
export const groupConversation = (groupId: number): Conversation => ({
  key: `group:${groupId}`,
  kind: "group",
  groupId,
});

export interface Instance {
  base: string;
  wsUrl: string;
}

interface Outgoing {
  clientId: string;
  conversation: Conversation;
  content: string;
  attempts: number;
}

export interface Acknowledged {
  conversation: string;
  attempts: number;
  /** When the attempt that got the RECEIPT was sent (ms, this machine's clock, like the server's). */
  ackedAttemptSentAt: number;
}

interface Thread {
  conversation: Conversation;
  /** Ascending by seq, one entry per id. */
  messages: ChatMessage[];
  ids: Set<number>;
  /** Every message with a seq up to this one is in `messages` (a catch-up or a contiguous live one said so). */
  caughtUpTo: number;
  catchingUp: Promise<void> | undefined;
  /** Something asked for a catch-up while one ran: run another once it ends. */
  again: boolean;
}

interface Connection {
  client: Client;
  socket: WebSocket | undefined;
  instance: Instance;
  ready: boolean;
  closed: Promise<void>;
  isClosed: boolean;
}

export interface DeliveryClientOptions {
  user: { username: string; token: string };
  conversations: Conversation[];
  /** The instances that are up now; each connection goes to one of them at random. */
  liveInstances: () => Instance[];
  random: () => number;
  /** A broken rule of the contract, seen by this client. */
  onProblem: (problem: string) => void;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SUBPROTOCOLS = ["v12.stomp", "v11.stomp", "v10.stomp"];

export class DeliveryClient {
  readonly username: string;
  private readonly threads = new Map<string, Thread>();
  /** Sent, no RECEIPT yet: sent again on every reconnect, in the order first sent. */
  readonly pending = new Map<string, Outgoing>();
  readonly acknowledged = new Map<string, Acknowledged>();
  /** "Not sent": refusals naming one of our clientIds. */
  readonly refused = new Map<string, Refusal>();
  readonly stats = {
    connects: 0,
    failedConnects: 0,
    resends: 0,
    receipts: 0,
    catchUpFetches: 0,
    gapCatchUps: 0,
    /** Messages a catch-up brought before any live delivery did. */
    foundByCatchUp: 0,
    live: 0,
    /** A live delivery of a message already in the view (a duplicate SEND's echo, or an overlap with a catch-up). */
    duplicateDeliveries: 0,
    /** Live deliveries with a lower seq than one already shown (instances publish independently). */
    outOfOrder: 0,
  };
  private connection: Connection | undefined;
  private stopped = false;
  private loop: Promise<void> | undefined;

  constructor(private readonly options: DeliveryClientOptions) {
    this.username = options.user.username;
    for (const conversation of options.conversations) {
      this.threads.set(conversation.key, {
        conversation,
        messages: [],
        ids: new Set(),
        caughtUpTo: 0,
        catchingUp: undefined,
        again: false,
      });
    }
  }

  /** Connected, subscribed, pending sends re-sent and every conversation caught up once. */
  get ready(): boolean {
    return this.connection?.ready === true && !this.connection.isClosed;
  }

  /** Where this client stands, for a failure message: connection, pending sends, connects. */
  describe(): string {
    const connection = this.connection;
    const state = !connection
      ? "no connection"
      : `${connection.isClosed ? "closed" : connection.client.connected ? "connected" : "connecting"}${connection.ready ? ", ready" : ""} to ${connection.instance.base}`;
    return `${this.username}: ${state}; pending ${this.pending.size}; connects ${this.stats.connects}, failed ${this.stats.failedConnects}, receipts ${this.stats.receipts}`;
  }

  /** The keys of the conversations this client is in. */
  get conversations(): string[] {
    return [...this.threads.keys()];
  }

  /** The view of one conversation: what the person would see, oldest first. */
  view(key: string): readonly ChatMessage[] {
    return this.threads.get(key)?.messages ?? [];
  }

  start(): void {
    this.loop ??= this.run();
  }

  /** Ends the connection with a DISCONNECT and stops reconnecting. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.connection?.client.deactivate();
    await this.loop;
  }

  /** Cuts the socket as a network failure would: no DISCONNECT, no closing handshake. */
  cut(): boolean {
    const socket = this.connection?.socket;
    if (!socket || this.connection?.isClosed) return false;
    socket.terminate();
    return true;
  }

  send(conversation: Conversation, clientId: string, content: string): void {
    const outgoing = { clientId, conversation, content, attempts: 0 };
    this.pending.set(clientId, outgoing);
    this.attempt(outgoing);
  }

  /** Catches every conversation up from the last seq known to be complete; retried until it succeeds. */
  async catchUpAll(): Promise<void> {
    await Promise.all([...this.threads.values()].map((thread) => this.catchUp(thread)));
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const instances = this.options.liveInstances();
      const instance = instances[Math.floor(this.options.random() * instances.length)];
      if (!instance) {
        await pause(50);
        continue;
      }
      const connected = await this.connectTo(instance);
      if (!connected) {
        this.stats.failedConnects++;
        await pause(20 + this.options.random() * 80);
      }
    }
  }

  /** One connection, from CONNECT until its socket closes; false when it never got CONNECTED. */
  private async connectTo(instance: Instance): Promise<boolean> {
    let resolveClosed = () => {};
    const connection: Connection = {
      client: new Client({
        webSocketFactory: () => {
          const socket = new WebSocket(instance.wsUrl, SUBPROTOCOLS);
          connection.socket = socket;
          return socket;
        },
        connectHeaders: { Authorization: `Bearer ${this.options.user.token}` },
        heartbeatIncoming: 0,
        heartbeatOutgoing: 0,
        reconnectDelay: 0,
        debug: () => {},
      }),
      socket: undefined,
      instance,
      ready: false,
      closed: new Promise<void>((resolve) => {
        resolveClosed = resolve;
      }),
      isClosed: false,
    };
    const { client } = connection;
    const connected = new Promise<boolean>((resolve) => {
      client.onConnect = () => resolve(true);
      client.onWebSocketClose = () => {
        connection.isClosed = true;
        resolveClosed();
        resolve(false);
      };
    });
    client.onStompError = (frame) => this.problem(`ERROR frame: ${frame.headers.message ?? ""} ${frame.body}`);
    this.connection = connection;
    client.activate();
    try {
      if (!(await connected)) return false;
      this.stats.connects++;
      if (await this.subscribeAll(connection)) {
        for (const outgoing of this.pending.values()) this.attempt(outgoing);
        // A catch-up cut short by this socket's end goes on over the next connection.
        await Promise.race([this.catchUpAll(), connection.closed]);
        connection.ready = !connection.isClosed;
      }
      if (this.stopped) await client.deactivate();
      await connection.closed;
      return true;
    } finally {
      if (this.connection === connection) this.connection = undefined;
      await client.deactivate();
    }
  }

  /** Subscribes to the own queue, the errors queue and each group; true once all are in place. */
  private async subscribeAll(connection: Connection): Promise<boolean> {
    const destinations = [
      chatDestinations.privateQueue(this.username),
      chatDestinations.errorsQueue,
      ...[...this.threads.values()].flatMap(({ conversation }) =>
        conversation.kind === "group" ? [chatDestinations.group(conversation.groupId)] : [],
      ),
    ];
    const waiting = new Set<string>();
    try {
      for (const [index, destination] of destinations.entries()) {
        const receipt = `sub-${this.stats.connects}-${index}`;
        waiting.add(receipt);
        connection.client.watchForReceipt(receipt, () => waiting.delete(receipt));
        connection.client.subscribe(
          destination,
          destination === chatDestinations.errorsQueue
            ? (message) => this.onRefusal(message)
            : (message) => this.onMessage(message),
          { receipt },
        );
      }
    } catch {
      // The socket went down while subscribing: the next connection subscribes again.
      return false;
    }
    while (waiting.size > 0 && !connection.isClosed && !this.stopped) await pause(5);
    return waiting.size === 0;
  }

  private attempt(outgoing: Outgoing): void {
    const client = this.connection?.client;
    // Not connected: it goes out again on the next connection.
    if (!client?.connected) return;
    outgoing.attempts++;
    if (outgoing.attempts > 1) this.stats.resends++;
    const receipt = `${outgoing.clientId}#${outgoing.attempts}`;
    const sentAt = Date.now();
    const { conversation } = outgoing;
    try {
      client.watchForReceipt(receipt, () => this.onReceipt(outgoing, sentAt));
      client.publish({
        destination: conversation.kind === "group" ? chatDestinations.sendGroup : chatDestinations.sendPrivate,
        body: JSON.stringify(
          conversation.kind === "group"
            ? { groupId: conversation.groupId, content: outgoing.content, clientId: outgoing.clientId }
            : { recipient: conversation.other, content: outgoing.content, clientId: outgoing.clientId },
        ),
        headers: { receipt },
      });
    } catch {
      // The socket is going down: sent again after the reconnect.
    }
  }

  private onReceipt(outgoing: Outgoing, sentAt: number): void {
    this.stats.receipts++;
    if (!this.pending.delete(outgoing.clientId)) return;
    this.acknowledged.set(outgoing.clientId, {
      conversation: outgoing.conversation.key,
      attempts: outgoing.attempts,
      ackedAttemptSentAt: sentAt,
    });
  }

  private onRefusal(message: IMessage): void {
    const parsed = refusalSchema.safeParse(parseJson(message.body));
    if (!parsed.success) {
      this.problem(`a refusal not in the contract's shape: ${message.body}`);
      return;
    }
    const refusal = parsed.data;
    if (refusal.clientId !== undefined && this.pending.delete(refusal.clientId)) {
      this.refused.set(refusal.clientId, refusal);
    } else {
      this.problem(`a refusal for no pending send: ${message.body}`);
    }
  }

  private onMessage(frame: IMessage): void {
    const body = parseJson(frame.body) as { type?: unknown } | undefined;
    // Other live events (READ, TYPING, presence…) share the queues; only messages make the view.
    if (!messageTypes.includes(body?.type as never)) return;
    const parsed = chatMessageSchema.safeParse(body);
    if (!parsed.success) {
      this.problem(
        `a delivered message not in the contract's shape (${parsed.error.issues[0]?.message}): ${frame.body}`,
      );
      return;
    }
    const message = parsed.data;
    const thread = this.threads.get(this.conversationOf(message));
    if (!thread) {
      this.problem(`a message of a conversation ${this.username} is not in: ${frame.body}`);
      return;
    }
    const highest = thread.messages.at(-1)?.seq ?? 0;
    if (!this.add(thread, message)) {
      this.stats.duplicateDeliveries++;
      return;
    }
    this.stats.live++;
    if (message.seq < highest) this.stats.outOfOrder++;
    if (message.seq === thread.caughtUpTo + 1) thread.caughtUpTo = message.seq;
    else if (message.seq > thread.caughtUpTo + 1) {
      // Gaps are legal, but this one may hide a message published late or lost with an instance.
      this.stats.gapCatchUps++;
      void this.catchUp(thread);
    }
  }

  private conversationOf(message: ChatMessage): string {
    if (message.groupId !== null) return groupConversation(message.groupId).key;
    return privateConversation(message.sender === this.username ? (message.recipient ?? "") : message.sender).key;
  }

  /** Puts a message in its place by seq; false when its id is already there. */
  private add(thread: Thread, message: ChatMessage): boolean {
    if (thread.ids.has(message.id)) return false;
    const list = thread.messages;
    let index = list.length;
    while (index > 0 && (list[index - 1]?.seq ?? 0) > message.seq) index--;
    if (list[index - 1]?.seq === message.seq) {
      this.problem(
        `two messages with seq ${message.seq} in ${thread.conversation.key}: ${list[index - 1]?.id} and ${message.id}`,
      );
    }
    list.splice(index, 0, message);
    thread.ids.add(message.id);
    return true;
  }

  private catchUp(thread: Thread): Promise<void> {
    if (thread.catchingUp) {
      thread.again = true;
      return thread.catchingUp;
    }
    thread.catchingUp = (async () => {
      do {
        thread.again = false;
        await this.fetchAfter(thread);
      } while (thread.again && !this.stopped);
    })().finally(() => {
      thread.catchingUp = undefined;
    });
    return thread.catchingUp;
  }

  /** Every message after `caughtUpTo`, page by page, from the instance connected to (retried on failure). */
  private async fetchAfter(thread: Thread): Promise<void> {
    const { conversation } = thread;
    for (;;) {
      const instance = this.connection?.isClosed === false ? this.connection.instance : undefined;
      if (this.stopped) return;
      if (!instance) {
        await pause(20);
        continue;
      }
      const after = thread.caughtUpTo;
      const path =
        conversation.kind === "group"
          ? chatPaths.groupAfter(conversation.groupId, after, chatLimits.maxCatchUpSize)
          : chatPaths.privateAfter(this.username, conversation.other, after, chatLimits.maxCatchUpSize);
      let page: CatchUpPage;
      try {
        this.stats.catchUpFetches++;
        const response = await fetch(`${instance.base}${path}`, {
          headers: { authorization: `Bearer ${this.options.user.token}` },
          signal: AbortSignal.timeout(10_000),
        });
        const text = await response.text();
        if (response.status >= 500) throw new Error(`${response.status}`);
        if (!response.ok) {
          this.problem(`GET ${path}: ${response.status} ${text}`);
          return;
        }
        const parsed = catchUpPageSchema.safeParse(parseJson(text));
        if (!parsed.success) {
          this.problem(
            `GET ${path} is not a catch-up page (${parsed.error.issues[0]?.message}): ${text.slice(0, 300)}`,
          );
          return;
        }
        page = parsed.data;
      } catch {
        // The instance went down (or is too slow): ask again, by then of the instance connected to.
        await pause(50);
        continue;
      }
      let previous = after;
      for (const message of page.content) {
        if (message.seq <= previous) {
          this.problem(`GET ${path}: seq ${message.seq} after ${previous} (not ascending, or not after ${after})`);
          return;
        }
        previous = message.seq;
        if (this.add(thread, message)) this.stats.foundByCatchUp++;
      }
      thread.caughtUpTo = Math.max(thread.caughtUpTo, previous);
      if (page.last) return;
    }
  }

  private problem(text: string): void {
    this.options.onProblem(`${this.username}: ${text}`);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
