// amora company show|set
import type { Command } from 'commander';
import { parseAssignments, withRuntime } from '../context.js';

export function registerCompany(program: Command): void {
  const company = program.command('company').description('the operator shown in the footer, legal pages and /api/companyinfo.php');

  company
    .command('show')
    .description('print the company info')
    .action(async () => {
      await withRuntime(async ({ services }) => {
        const c = await services.company.get();
        console.log(JSON.stringify({ ...c, added: new Date(c.added).toISOString() }, null, 2));
      });
    });

  company
    .command('set [assignments...]')
    .description('set fields, e.g. `company set name="Amora Media B.V." vat_numbers=\'["NL123B01"]\'`')
    .action(async (assignments: string[]) => {
      const patch = parseAssignments(assignments);
      for (const key of ['kvk', 'support_phone', 'name', 'address', 'city', 'country']) {
        if (typeof patch[key] === 'number') patch[key] = String(patch[key]);
      }
      if (typeof patch.added === 'string') patch.added = Date.parse(patch.added);
      await withRuntime(async ({ services }) => {
        const c = await services.company.update(patch);
        console.log(`updated company info: ${c.name}`);
      });
    });
}
