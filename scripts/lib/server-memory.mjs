// What `npm start` sets for the server's memory (issue 29; docs/decisions/0015): glibc reads
// MALLOC_ARENA_MAX only when a process starts, so start.mjs runs the server in a child that has it,
// and the bench scripts start theirs with the same. Two arenas instead of up to 8 per core: the
// threads (HTTP, the database's, libuv's four, libvips') otherwise each keep freed memory of their own.
// Measured on install with sample content then 8 parallel 59-megapixel PNGs: peak 541 -> 384 MB.
export const SERVER_MEMORY_ENV = { MALLOC_ARENA_MAX: '2' };

/** Whether this process lacks them (and should run the server in a child that has them). */
export const lacksMemorySettings = () =>
  process.platform === 'linux' && Object.keys(SERVER_MEMORY_ENV).some((name) => process.env[name] === undefined);
