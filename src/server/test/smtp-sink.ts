import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A local SMTP catcher; `failNext` refuses that many messages first (451, try later), and
 * `refuse` holds addresses refused for good (550, as for a mailbox that does not exist), and
 * `answerDelayMs` keeps a received message waiting that long for its 250 (a crash in between
 * leaves the sender not knowing the message arrived).
 */
export async function startSmtp() {
  const received: { to: string[]; raw: string }[] = [];
  const state = { failNext: 0, refuse: new Set<string>(), answerDelayMs: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!state.refuse.has(address.address.toLowerCase())) return callback();
      const error = new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`) as Error & {
        responseCode: number;
      };
      error.responseCode = 550;
      callback(error);
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        if (state.failNext > 0) {
          state.failNext--;
          const error = new Error('Mailbox busy, try later') as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        if (state.answerDelayMs) setTimeout(callback, state.answerDelayMs);
        else callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, state, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}
