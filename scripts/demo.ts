import { parseArgs } from 'node:util';
import { ROLE_LABELS } from '@wh/contracts';
import { ApiError } from './demo/client.ts';
import { loadDemo, type DemoReport } from './demo/load.ts';

// `npm run demo [-- --url URL --username NAME --password PASSWORD]`: loads a small warehouse into the running app
// (scripts/demo/plan.ts) through its API, signed in as a manager: the built-in administrator by default.
const USAGE = `Usage: npm run demo [-- --url http://localhost:3000 --username admin --password ...]
  --url       the running app (DEMO_URL; default http://localhost:$PORT, PORT defaulting to 3000)
  --username  a manager to sign in as (DEMO_USERNAME; default admin)
  --password  that manager's password (DEMO_PASSWORD, else ADMIN_PASSWORD; npm start prints the admin's at the first start)`;

function options() {
  const { values } = parseArgs({
    options: { url: { type: 'string' }, username: { type: 'string' }, password: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const env = process.env;
  const password = values.password ?? env.DEMO_PASSWORD ?? env.ADMIN_PASSWORD;
  if (!password) {
    console.error(`The demo loader signs in as a manager and needs a password: set DEMO_PASSWORD (or ADMIN_PASSWORD).\n\n${USAGE}`);
    process.exit(2);
  }
  return {
    url: values.url ?? env.DEMO_URL ?? `http://localhost:${env.PORT ?? 3000}`,
    username: values.username ?? env.DEMO_USERNAME ?? 'admin',
    password,
  };
}

function summary(report: DemoReport): string {
  const width = Math.max(...report.users.map((u) => u.username.length));
  const people = report.users.map((u) => {
    const password = u.password ?? '(unchanged: shown when it was set)';
    return `  ${u.username.padEnd(width)}  ${ROLE_LABELS[u.role].padEnd(11)}  ${password}   ${u.full_name}`;
  });
  return [
    '',
    report.alreadyLoaded ? 'The demo data was already loaded: nothing was added.' : 'Demo warehouse loaded.',
    '',
    `Open ${report.url} and sign in as one of:`,
    ...people,
    '',
  ].join('\n');
}

try {
  const report = await loadDemo({ ...options(), log: (line) => console.log(line) });
  console.log(summary(report));
} catch (error) {
  console.error(error instanceof ApiError ? error.message : error);
  process.exit(1);
}
