// A local SMTP sink in a process of its own (scripts/bench-mailing.mjs): wrk runs synchronously in
// the bench's process, and a sink there would stop answering the server while it measures. Keeps,
// per recipient, only the Message-IDs received; also samples a process's RSS from /proc (Linux).
// Messages from the parent (IPC): {type: 'reset', pid} clears the counts and watches `pid`;
// {type: 'state'} answers {messages, recipients, repeated, bytes, lastAt, peakRssKb}.
import { readFileSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';

const byRecipient = new Map();
let messages = 0;
let bytes = 0;
let lastAt = 0;
let watched = 0;
let peakRssKb = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    let head = '';
    let size = 0;
    stream.on('data', (chunk) => {
      size += chunk.length;
      if (head.length < 8192) head += chunk.toString();
    });
    stream.on('end', () => {
      const id = /^Message-ID: (.+)$/im.exec(head)?.[1]?.trim() ?? '';
      for (const r of session.envelope.rcptTo) byRecipient.set(r.address, [...(byRecipient.get(r.address) ?? []), id]);
      messages++;
      bytes += size;
      lastAt = Date.now();
      callback();
    });
  },
});

setInterval(() => {
  if (!watched) return;
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${watched}/status`, 'utf8'))?.[1] ?? 0);
    peakRssKb = Math.max(peakRssKb, kb);
  } catch {
    // not Linux, or the process is gone
  }
}, 50);

process.on('message', (message) => {
  if (message.type === 'reset') {
    byRecipient.clear();
    messages = 0;
    bytes = 0;
    lastAt = 0;
    peakRssKb = 0;
    watched = message.pid ?? 0;
    process.send({ type: 'reset' });
  } else if (message.type === 'state') {
    const all = [...byRecipient.values()];
    const repeated = all.filter((ids) => ids.length > 1).length;
    const differentIds = all.filter((ids) => new Set(ids).size > 1).length;
    process.send({ type: 'state', messages, recipients: byRecipient.size, repeated, differentIds, bytes, lastAt, peakRssKb });
  } else if (message.type === 'stop') {
    server.close(() => process.exit(0));
  }
});

server.listen(0, '127.0.0.1', () => process.send({ type: 'ready', url: `smtp://127.0.0.1:${server.server.address().port}` }));
