import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { passwordPolicy, type PasswordPolicy } from '../../../shared/schemas/security.ts';
import { MIN_PASSWORD_LENGTH } from '../../../shared/schemas/user.ts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import { getSecuritySettings } from './security-settings.service.ts';
import { ROOT_DIR } from '../../root.ts';

/**
 * The rule: zxcvbn's score must be at least 2 (more than about a million guesses), with the
 * common-password and common-word dictionaries of @zxcvbn-ts/language-common and the person's own
 * names as extra words. That refuses every password on the common list (they score 0 or 1) and
 * near copies ("password1", "secret-1", "asha2024"), and accepts passphrases.
 */
export const MIN_ZXCVBN_SCORE = 2;

export const TOO_GUESSABLE =
  'This password is too easy to guess: it is a common password or close to one. Try three or four unrelated words.';

type Pending = { resolve: (score: number) => void; reject: (error: Error) => void };

/** A worker idle this long ends: it holds ~30 MB of dictionaries, and passwords are set rarely. */
const IDLE_MS = 5 * 60_000;

/**
 * One scoring worker per process while passwords are being set (the dictionaries load in ~100 ms);
 * made again when needed after it ended, idle or not.
 */
export class PasswordScorer {
  constructor(private readonly idleMs = IDLE_MS) {}

  private worker: Worker | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private ready: Promise<void> | undefined;
  private readonly pending = new Map<number, Pending>();
  private next = 0;

  start(): Promise<void> {
    if (this.ready) return this.ready;
    const worker = new Worker(join(ROOT_DIR, 'src/server/modules/security/password-worker.mjs'));
    this.worker = worker;
    this.ready = new Promise((resolve, reject) => {
      worker.on('message', (message: { ready?: true; id?: number; score?: number; error?: string }) => {
        if (message.ready) {
          this.idle();
          return resolve();
        }
        const waiting = this.pending.get(message.id!);
        this.pending.delete(message.id!);
        this.idle();
        if (message.error !== undefined) waiting?.reject(new Error(message.error));
        else waiting?.resolve(message.score!);
      });
      const fail = (error: Error) => {
        reject(error);
        for (const waiting of this.pending.values()) waiting.reject(error);
        this.pending.clear();
        if (this.worker === worker) [this.worker, this.ready] = [undefined, undefined];
      };
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`The password checker stopped (${code}).`)));
    });
    return this.ready;
  }

  /** Whether a worker is up (tests). */
  get running() {
    return this.worker !== undefined;
  }

  async score(password: string, words: string[]): Promise<number> {
    clearTimeout(this.idleTimer);
    await this.start();
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker!.ref();
      this.worker!.postMessage({ id, password, words });
    });
  }

  /** An idle worker does not keep the process alive (a command-line install ends when it is done). */
  private idle() {
    if (this.pending.size > 0 || !this.worker) return;
    const worker = this.worker;
    worker.unref();
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.worker !== worker || this.pending.size > 0) return;
      // Detached first: the next password starts a fresh worker, and this one's exit fails nothing.
      [this.worker, this.ready] = [undefined, undefined];
      worker.removeAllListeners();
      void worker.terminate();
    }, this.idleMs).unref();
  }
}

// Started by the first password set, not at boot: an instance that sets none never holds the
// dictionaries (the first one waits ~0.1-0.3 s for them).
const scorer = new PasswordScorer();

export async function currentPasswordPolicy(db: Db): Promise<PasswordPolicy> {
  return passwordPolicy((await getSecuritySettings(db)).minPasswordLength);
}

/**
 * What is wrong with a new password under the school's policy (`db` null: before installation, the
 * defaults), or null.
 */
export async function passwordProblem(db: Db | null, password: string, personal: Array<string | null | undefined> = []) {
  const minLength = db ? (await getSecuritySettings(db)).minPasswordLength : MIN_PASSWORD_LENGTH;
  if (password.length < minLength) return `Password must be at least ${minLength} characters long`;
  const words = personal.flatMap((w) => (w ? [w, ...w.split(/[@._\s-]+/)] : [])).filter((w) => w.length >= 3);
  return (await scorer.score(password, words)) < MIN_ZXCVBN_SCORE ? TOO_GUESSABLE : null;
}

/** Every new password (user create, admin change, own change, install) passes here: 400 naming the field. */
export async function assertNewPassword(
  db: Db | null,
  password: string,
  field: string,
  personal: Array<string | null | undefined> = [],
) {
  const problem = await passwordProblem(db, password, personal);
  if (problem) throw badRequest(problem, { fields: { [field]: problem } });
}
