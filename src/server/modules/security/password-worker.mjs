// Scores passwords with zxcvbn off the main thread: a long password costs tens of milliseconds of
// CPU, which on the built-in database's thread would be every visitor's latency too (DESIGN §10).
// Plain JavaScript, so it runs as a worker wherever the server runs (tsx is not loaded in workers).
import { parentPort } from 'node:worker_threads';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

// Only the first characters are scored: the cost grows with the length, and 64 is a passphrase already.
const checker = new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs, maxLength: 64 });

parentPort.on('message', ({ id, password, words }) => {
  try {
    parentPort.postMessage({ id, score: checker.check(password, words).score });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
parentPort.postMessage({ ready: true });
