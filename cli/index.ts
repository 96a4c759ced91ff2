// amora: the operators' command-line toolkit. One file per noun in commands/, verbs below it.
import { Command, CommanderError } from 'commander';
import { ConfigError } from '../server/config.js';
import { AppError } from '../server/errors.js';
import { registerAccounts } from './commands/accounts.js';
import { registerChat } from './commands/chat.js';
import { registerCodes } from './commands/codes.js';
import { registerComplaints } from './commands/complaints.js';
import { registerCompany } from './commands/company.js';
import { registerCredits } from './commands/credits.js';
import { registerDb } from './commands/db.js';
import { registerMail } from './commands/mail.js';
import { registerNotify } from './commands/notify.js';
import { registerPush } from './commands/push.js';
import { registerPayments } from './commands/payments.js';
import { registerPhotos } from './commands/photos.js';
import { registerProfiles } from './commands/profiles.js';
import { registerSites } from './commands/sites.js';
import { registerStats } from './commands/stats.js';
import { registerSuppressions } from './commands/suppressions.js';
import { CliError } from './context.js';

const program = new Command('amora').description('Amora operator toolkit').showHelpAfterError();
registerDb(program);
registerSites(program);
registerCompany(program);
registerMail(program);
registerPush(program);
registerAccounts(program);
registerChat(program);
registerCredits(program);
registerProfiles(program);
registerPhotos(program);
registerPayments(program);
registerCodes(program);
registerSuppressions(program);
registerNotify(program);
registerComplaints(program);
registerStats(program);

program.parseAsync(process.argv).catch((err: unknown) => {
  if (err instanceof CommanderError) process.exit(err.exitCode);
  if (err instanceof AppError) {
    const fields = err.details ? ` (${Object.entries(err.details).map(([k, v]) => `${k}: ${v}`).join('; ')})` : '';
    console.error(`error: ${err.code}${fields}`);
  } else if (err instanceof ConfigError || err instanceof CliError || err instanceof Error) {
    console.error(`error: ${err.message}`);
  } else {
    console.error('error:', err);
  }
  process.exit(1);
});
