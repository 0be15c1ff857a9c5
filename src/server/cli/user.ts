import { loadConfig } from '../config';
import { buildServer } from '../buildServer';

// `npm run user -- add <name> <password> [admin]`: creates an account (operators, tests).
// `npm run user -- points <name> <delta>`: grants (or with a negative delta removes) points.
const USAGE =
  'usage: npm run user -- add <name> <password> [admin]\n       npm run user -- points <name> <delta>';
const [command, username, third, role] = process.argv.slice(2);
const delta = Number(third);
const valid =
  (command === 'add' && !!username && !!third) ||
  (command === 'points' && !!username && /^[+-]?\d+$/.test(third ?? '') && Number.isSafeInteger(delta));
if (!valid) {
  console.error(USAGE);
  process.exit(2);
}
const server = await buildServer({ ...loadConfig(), webDir: undefined, logLevel: 'error', runJobs: false });
try {
  if (command === 'add') {
    const roles = role === 'admin' ? ['admin', 'user'] : ['user'];
    const id = await server.services.accounts.createUser(username, third, roles);
    console.log(`created user ${username} (id ${id}, roles ${roles.join(', ')})`);
  } else {
    // Removing more than the balance stops at 0: the change applied is printed with the balance.
    const { balance, applied } = await server.services.points.adjustByName(username, delta);
    console.log(`points of ${username}: ${balance} (${applied >= 0 ? '+' : ''}${applied})`);
  }
} catch (error) {
  console.error(
    `${command === 'add' ? 'could not create user' : 'could not change points'}: ${(error as Error).message}`,
  );
  process.exitCode = 1;
} finally {
  await server.close();
}
