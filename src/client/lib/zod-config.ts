import { config } from 'zod';

// Imported first by the browser entry, before any schema is made: zod then never tries
// `new Function` to compile faster parsers, which the pages' Content-Security-Policy forbids (each
// try was a CSP violation in the console). Parsing a form is fast enough without it.
// `config`, not `z.config`: the staff build takes every `z.` call for one without side effects
// (scripts/build.mjs), and would drop this one.
config({ jitless: true });
