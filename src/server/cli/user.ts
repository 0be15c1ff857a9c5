import { loadConfig } from '../config';
import { buildServer } from '../buildServer';

// `npm run user -- add <name> <password> [admin]`: creates an account (operators, tests).
const [command, username, password, role] = process.argv.slice(2);
if (command !== 'add' || !username || !password) {
  console.error('usage: npm run user -- add <name> <password> [admin]');
  process.exit(2);
}
const server = await buildServer({ ...loadConfig(), webDir: undefined, logLevel: 'error', runJobs: false });
try {
  const roles = role === 'admin' ? ['admin', 'user'] : ['user'];
  const id = await server.services.accounts.createUser(username, password, roles);
  console.log(`created user ${username} (id ${id}, roles ${roles.join(', ')})`);
} catch (error) {
  console.error(`could not create user: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await server.close();
}
