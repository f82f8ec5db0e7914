import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';

/** The value of one cookie a response set (`name=value`), or undefined (also when it was cleared). */
export function setCookie(res: { headers: Record<string, unknown> }, name: string): string | undefined {
  const raw = res.headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const pair = all.map((c: string) => c.split(';')[0]!).find((c) => c.startsWith(`${name}=`));
  return pair && pair !== `${name}=` ? pair : undefined;
}

/** POST /api/auth/login as a browser would; `sid` when a session was opened, `challenge` when a second step is due. */
export async function signIn(
  app: FastifyInstance,
  username: string,
  password: string,
  opts: { remoteAddress?: string; userAgent?: string } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress: opts.remoteAddress,
    headers: opts.userAgent ? { 'user-agent': opts.userAgent } : {},
  });
  return { res, sid: setCookie(res, 'sid'), challenge: setCookie(res, 'sid_2fa') };
}

/** The code an authenticator app shows for the secret, `steps` periods from now. */
export const totpCode = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

/** A six-digit code that is not right for the secret now (nor a step either side). */
export function wrongCode(secret: string): string {
  const right = new Set([-1, 0, 1].map((s) => totpCode(secret, s)));
  return ['000000', '111111', '222222', '333333'].find((c) => !right.has(c))!;
}

/** POST with a cookie and a JSON body. */
export const post = (app: FastifyInstance, url: string, cookie: string | undefined, payload: object = {}) =>
  app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

export const whoAmI = async (app: FastifyInstance, cookie: string) =>
  (await app.inject({ url: '/api/auth/user', headers: { cookie } })).json().user as { id: number; username: string } | null;

/** Turns on two-factor sign-in through the account routes; returns the secret and the recovery codes. */
export async function enableTwoFactor(app: FastifyInstance, cookie: string, currentPassword: string) {
  const setup = await post(app, '/api/account/two-factor/setup', cookie, { currentPassword });
  if (setup.statusCode !== 200) throw new Error(`setup: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json().data as { secret: string };
  const enable = await post(app, '/api/account/two-factor/enable', cookie, { code: totpCode(secret) });
  if (enable.statusCode !== 200) throw new Error(`enable: ${enable.statusCode} ${enable.body}`);
  return { secret, recoveryCodes: enable.json().recoveryCodes as string[] };
}
