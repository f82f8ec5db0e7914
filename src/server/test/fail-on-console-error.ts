import { afterEach, vi } from 'vitest';

// STYLE.md: a console.error during a test fails it (React warnings included).
const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  if (errors.length === 0) return;
  const messages = errors.splice(0).map((args) => args.map(String).join(' '));
  vi.resetAllMocks();
  throw new Error(`console.error was called during the test:\n${messages.join('\n')}`);
});
