// What a feature registers with the job bus for its kind of job (worker/jobs/registry.ts).
import type { Database } from "../db";
import type { Bindings } from "../env";
import type { JobKind, MessageOf } from "./messages";

export type JobContext = { db: Database; env: Bindings };

/**
 * A job run one message at a time: acked when `run` resolves, retried after `retryDelaySeconds`
 * while attempts remain, then `giveUp` records why it ended (the message is acked).
 */
export type EachHandler<M> = {
  mode: "each";
  maxAttempts: number;
  retryDelaySeconds: number;
  run(ctx: JobContext, message: M, attempt: { attempts: number; last: boolean }): Promise<void>;
  giveUp?(ctx: JobContext, message: M, reason: string): Promise<void>;
};

/** A job whose messages of one batch are handled together; it acks or retries each of them itself. */
export type BatchHandler<M> = {
  mode: "batch";
  run(ctx: JobContext, messages: Message<M>[]): Promise<void>;
};

export type JobHandler<K extends JobKind> = EachHandler<MessageOf<K>> | BatchHandler<MessageOf<K>>;
export type JobHandlers = { [K in JobKind]: JobHandler<K> };
