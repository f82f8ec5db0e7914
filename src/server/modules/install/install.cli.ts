import { ZodError } from 'zod';
import { configFromEnv } from '../../config.ts';
import { parseEnv } from '../../env.ts';
import { AppError } from '../../errors.ts';
import { Database, openConfiguredDb } from '../../plugins/db.ts';
import { zodFields } from '../../plugins/error-handler.ts';
import { payloadFromCli, USAGE } from './install-cli-args.ts';
import { installSchool } from './install.service.ts';

/** The non-interactive install (`npm run install:school`): the wizard's service, from the command line. */
async function main() {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const payload = payloadFromCli(argv, process.env);
  const config = configFromEnv(parseEnv());
  const database = new Database(await openConfiguredDb(config));
  try {
    const result = await installSchool({ database, dataDir: config.dataDir }, payload);
    console.log(
      `Sprout is installed (${result.database === 'pg' ? 'PostgreSQL' : 'built-in database'}). ` +
        `Start it with \`npm start\` and sign in at /cms as "${payload.admin.username}".`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ZodError) {
    const lines = Object.entries(zodFields(error)).map(([field, message]) => `  ${field}: ${message}`);
    console.error(`The installation details are not valid:\n${lines.join('\n')}\n\n${USAGE}`);
  } else if (error instanceof AppError) {
    console.error(error.message);
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
