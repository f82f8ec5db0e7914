import { parseArgs } from 'node:util';
import type { InstallBranch, InstallPayload } from '../../../shared/schemas/install.ts';

/** Each option: its flag, and the environment variable read when the flag is absent. */
const OPTIONS = {
  'school-name': 'INSTALL_SCHOOL_NAME',
  'company-name': 'INSTALL_COMPANY_NAME',
  'contact-email': 'INSTALL_CONTACT_EMAIL',
  timezone: 'INSTALL_TIMEZONE',
  'site-url': 'INSTALL_SITE_URL',
  'customer-id': 'INSTALL_CUSTOMER_ID',
  'licence-key': 'INSTALL_LICENCE_KEY',
  branch: 'INSTALL_BRANCHES',
  'admin-username': 'INSTALL_ADMIN_USERNAME',
  'admin-first-name': 'INSTALL_ADMIN_FIRST_NAME',
  'admin-last-name': 'INSTALL_ADMIN_LAST_NAME',
  'admin-email': 'INSTALL_ADMIN_EMAIL',
  'admin-password': 'INSTALL_ADMIN_PASSWORD',
  'postgres-url': 'INSTALL_POSTGRES_URL',
  'sample-content': 'INSTALL_SAMPLE_CONTENT',
} as const;

export const USAGE = `Usage: npm run install:school -- [options]   (or set the INSTALL_* variables)

  --school-name NAME        INSTALL_SCHOOL_NAME       required
  --company-name NAME       INSTALL_COMPANY_NAME      required
  --contact-email EMAIL     INSTALL_CONTACT_EMAIL     required: the school's e-mail, shown to parents
  --branch "NAME | ADDRESS | PHONE"
                            INSTALL_BRANCHES          a branch (phone optional); repeat the flag for up to 4,
                                                      or one per line in the variable; at least one unless
                                                      sample content is on (then the sample's stand in)
  --timezone TZ             INSTALL_TIMEZONE          any IANA zone, e.g. Europe/London; default Asia/Kolkata
  --site-url URL            INSTALL_SITE_URL          the address parents use, e.g. https://littleacorns.example
  --admin-username NAME     INSTALL_ADMIN_USERNAME    default: admin
  --admin-first-name NAME   INSTALL_ADMIN_FIRST_NAME  required: shown as the author of their posts
  --admin-last-name NAME    INSTALL_ADMIN_LAST_NAME   required
  --admin-email EMAIL       INSTALL_ADMIN_EMAIL       required
  --admin-password PASS     INSTALL_ADMIN_PASSWORD    required, at least 8 characters and not easy to guess
                                                      (prefer the variable)
  --customer-id ID          INSTALL_CUSTOMER_ID       optional, stored only
  --licence-key KEY         INSTALL_LICENCE_KEY       optional, stored only
  --postgres-url URL        INSTALL_POSTGRES_URL      install into this PostgreSQL and use it from then on
  --sample-content yes|no   INSTALL_SAMPLE_CONTENT    default: yes

Stop the server first when it uses the built-in database.`;

/** Builds the §3 install payload from flags and INSTALL_* variables (flags win). */
export function payloadFromCli(argv: string[], env: NodeJS.ProcessEnv): InstallPayload {
  const { values } = parseArgs({
    args: argv,
    options: Object.fromEntries(
      Object.keys(OPTIONS).map((name) => [name, { type: 'string' as const, multiple: name === 'branch' }]),
    ),
    strict: true,
    allowPositionals: false,
  });
  const get = (name: Exclude<keyof typeof OPTIONS, 'branch'>) =>
    (values[name] as string | undefined) ?? env[OPTIONS[name]] ?? undefined;
  const branchFlags = values.branch as string[] | undefined;
  const branches = (branchFlags ?? (env.INSTALL_BRANCHES ?? '').split(/\r?\n/)).filter((b) => b.trim() !== '');
  const postgres = get('postgres-url');
  let database: InstallPayload['database'] = { type: 'builtin' };
  if (postgres) {
    const url = new URL(postgres);
    database = {
      type: 'postgres',
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: Number(url.port || 5432),
      database: decodeURIComponent(url.pathname.slice(1)),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
    };
  }
  return {
    database,
    app: {
      name: get('school-name') ?? '',
      company_name: get('company-name') ?? '',
      customer_email: get('contact-email') ?? '',
      timezone: get('timezone') ?? 'Asia/Kolkata',
      branches: branches.map(branchFromCli),
      customer_id: get('customer-id') ?? '',
      customer_license: get('licence-key') ?? '',
      site_url: get('site-url') ?? '',
    },
    admin: {
      username: get('admin-username') ?? 'admin',
      firstName: get('admin-first-name') ?? '',
      lastName: get('admin-last-name') ?? '',
      email: get('admin-email') ?? '',
      password: get('admin-password') ?? '',
    },
    sampleContent: !/^(no|false|0|off)$/i.test(get('sample-content') ?? 'yes'),
  };
}

/** "Main Branch | 12 Oak Road, Leeds | 0113 496 0000": name, address and an optional phone. */
function branchFromCli(text: string): InstallBranch {
  const parts = text.split('|').map((part) => part.trim());
  if (parts.length < 2 || parts.length > 3) {
    throw new Error(`A branch is "NAME | ADDRESS | PHONE" (the phone may be left out), not "${text}".`);
  }
  const [name = '', address = '', phone = ''] = parts;
  return { name, address, phone };
}
