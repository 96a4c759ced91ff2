// `amora stats landers` run as operators run it (a separate process): the table, the summary line,
// --json, --site, the period flags and exit codes. The figures themselves are tested through the
// service on both backends (lander-stats.test.ts); SQLite only, as the other CLI tests.
import { expect } from 'chai';
import { BACKENDS, envFor, type TestEnv } from '../helpers/backends.js';
import { amoraCli } from '../helpers/cli.js';
import { seedLanderTraffic, today } from '../helpers/lander-traffic.js';

describe('[sqlite] amora stats landers', function () {
  this.timeout(120_000);
  let env: TestEnv;
  const amora = (...args: string[]) => amoraCli(env, 'stats', 'landers', ...args);

  before(async () => {
    env = await envFor(BACKENDS[0]!);
    await seedLanderTraffic(env, 'cli-stats.localhost');
  });

  it('prints a table per lander and network with rates and revenue, and a closing summary', async () => {
    const res = await amora('--site', 'cli-stats.localhost');
    expect(res.code, res.stderr).to.equal(0);
    const lines = res.stdout.trimEnd().split('\n');
    expect(lines[0]).to.match(/^site\s+lander\s+network\s+visits\s+signups\s+signup%\s+activations\s+act%\s+first pay\s+pay%\s+revenue$/);
    expect(lines[1]).to.match(/^-+( +-+){10}$/);
    const cells = (line: string) => line.split(/\s{2,}/);
    expect(cells(lines[2]!)).to.deep.equal(['cli-stats.localhost', '/landers/video/summer', 'exo', '10', '3', '30.0%', '2', '66.7%', '2', '66.7%', '49.90 EUR']);
    expect(cells(lines[3]!)).to.deep.equal(['cli-stats.localhost', '/landers/adultonly', '(none)', '4', '1', '25.0%', '0', '0.0%', '1', '100.0%', '8.00 EUR']);
    expect(cells(lines[4]!)).to.deep.equal(['cli-stats.localhost', '(no lander)', 'exo', '0', '1', '-', '0', '0.0%', '0', '0.0%', '-']);
    const from = new Date(Date.parse(`${today()}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
    expect(lines[5]).to.equal(
      `3 row(s), ${from} to ${today()} (UTC): visits 14, signups 5 (4 from landers, 28.6% of visits), activations 2 (40.0% of signups), first payments 3 (60.0% of signups), revenue 57.90 EUR`,
    );
    expect(lines).to.have.length(6);
  });

  it('prints JSON, takes a period, and says so when there is nothing', async () => {
    const json = await amora('--site', 'cli-stats.localhost', '--since', today(), '--until', today(), '--json');
    expect(json.code, json.stderr).to.equal(0);
    const parsed = JSON.parse(json.stdout) as { fromDay: string; rows: { label: string; visits: number }[]; totals: { signups: number } };
    expect(parsed.fromDay).to.equal(today());
    expect(parsed.rows.map((r) => [r.label, r.visits])).to.deep.equal([['/landers/video/summer', 10], ['/landers/adultonly', 4], ['(no lander)', 0]]);
    expect(parsed.totals.signups).to.equal(5);

    const empty = await amora('--site', 'cli-stats.localhost', '--since', '2020-01-01', '--until', '2020-01-31');
    expect(empty.code).to.equal(0);
    expect(empty.stdout).to.equal(
      'no lander visits or signups from 2020-01-01 to 2020-01-31\n0 row(s), 2020-01-01 to 2020-01-31 (UTC): visits 0, signups 0 (0 from landers, - of visits), activations 0 (- of signups), first payments 0 (- of signups), revenue -\n',
    );
  });

  it('refuses bad flags with exit code 1 and a clear message', async () => {
    const cases: [string[], string][] = [
      [['--since', 'yesterday'], '--since must be a day such as 2026-11-01 (UTC), got "yesterday"'],
      [['--until', '2026-02-30'], '--until must be a day such as 2026-11-01 (UTC), got "2026-02-30"'],
      [['--since', '2026-11-10', '--until', '2026-11-01'], '--since (2026-11-10) must not be after --until (2026-11-01)'],
      [['--site', 'nowhere.example'], 'no site nowhere.example (see amora sites list)'],
    ];
    for (const [args, message] of cases) {
      const res = await amora(...args);
      expect(res.code, args.join(' ')).to.equal(1);
      expect(res.stderr.trim(), args.join(' ')).to.equal(`error: ${message}`);
    }
  });
});
