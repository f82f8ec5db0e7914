import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { passwordPolicy, type PasswordPolicy } from '../../../shared/schemas/security.ts';
import { MIN_PASSWORD_LENGTH } from '../../../shared/schemas/user.ts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import { getSecuritySettings } from './security-settings.service.ts';

/**
 * The rule: zxcvbn's score must be at least 2 (more than about a million guesses), with the
 * common-password and common-word dictionaries of @zxcvbn-ts/language-common and the person's own
 * names as extra words. That refuses every password on the common list (they score 0 or 1) and
 * near copies ("password1", "secret-1", "asha2024"), and accepts passphrases.
 */
export const MIN_ZXCVBN_SCORE = 2;
/** Only the first characters are scored: the cost grows with the length, and 64 is a passphrase already. */
const SCORED_LENGTH = 64;

export const TOO_GUESSABLE =
  'This password is too easy to guess: it is a common password or close to one. Try three or four unrelated words.';

let checker: Promise<ZxcvbnFactory> | undefined;
/** Built once per process (~100 ms: the dictionaries); started at boot so no request waits for it. */
export function passwordChecker(): Promise<ZxcvbnFactory> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]);
    return new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs, maxLength: SCORED_LENGTH });
  })();
  return checker;
}

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
  const { score } = (await passwordChecker()).check(password, words);
  return score < MIN_ZXCVBN_SCORE ? TOO_GUESSABLE : null;
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
