import { expect } from 'chai';
import { ConfigError, ROOT_DIR, loadConfig } from '../../server/config.js';

describe('config', () => {
  it('has working defaults: embedded SQLite under data/, port 3000, demo seeding on', () => {
    const c = loadConfig({}, { envFile: false });
    expect(c.port).to.equal(3000);
    expect(c.databaseUrl).to.equal(`sqlite:${ROOT_DIR}/data/amora.sqlite`);
    expect(loadConfig({ DATA_DIR: '/tmp/x' }, { envFile: false }).databaseUrl).to.equal('sqlite:/tmp/x/amora.sqlite');
    expect(c.redisUrl).to.equal(undefined);
    expect(c.seedDemo).to.equal(true);
    expect(Object.isFrozen(c)).to.equal(true);
  });

  it('lets overrides win and turns demo seeding off for MySQL', () => {
    const c = loadConfig({ DATABASE_URL: 'mysql://root@127.0.0.1/test', PORT: '8080', PAYMENT_PROVIDER: 'test' }, { envFile: false });
    expect(c.port).to.equal(8080);
    expect(c.seedDemo).to.equal(false);
  });

  it('rejects invalid values with a readable message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, { envFile: false })).to.throw(ConfigError, /PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x' }, { envFile: false })).to.throw(ConfigError, /DATABASE_URL/);
    expect(() => loadConfig({ REDIS_URL: 'http://x' }, { envFile: false })).to.throw(ConfigError, /REDIS_URL/);
    expect(() => loadConfig({ SESSION_SECRET: 'short' }, { envFile: false })).to.throw(ConfigError, /SESSION_SECRET/);
  });

  it('requires a session secret for production on MySQL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'mysql://root@h/db' }, { envFile: false })).to.throw(/SESSION_SECRET/);
  });

  it('requires the Mollie key when Mollie is chosen', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'mollie' }, { envFile: false })).to.throw(/MOLLIE_API_KEY/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: 'sk_live_123' }, { envFile: false })).to.throw(ConfigError, /MOLLIE_API_KEY/);
    const c = loadConfig({ PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: 'live_abcdefghijklmnopqrstuvwxyz1234' }, { envFile: false });
    expect(c).to.include({ paymentProvider: 'mollie', mollieApiKey: 'live_abcdefghijklmnopqrstuvwxyz1234', mollieApiUrl: undefined });
  });

  it('refuses to start on MySQL without an explicit payment provider, naming the variable', () => {
    for (const url of ['mysql://root@127.0.0.1/test', 'mariadb://root@127.0.0.1/test']) {
      expect(() => loadConfig({ DATABASE_URL: url, PAYMENT_PROVIDER: undefined }, { envFile: false })).to.throw(ConfigError, /PAYMENT_PROVIDER: required with MySQL/);
    }
    // Chosen explicitly, the test provider serves every host; only the demo's default is kept local.
    expect(loadConfig({ DATABASE_URL: 'mysql://root@h/db', PAYMENT_PROVIDER: 'test' }, { envFile: false })).to.include({ paymentProvider: 'test', testPaymentsLocalOnly: false });
    expect(loadConfig({ PAYMENT_PROVIDER: undefined }, { envFile: false })).to.include({ paymentProvider: 'test', testPaymentsLocalOnly: true });
  });

  it('takes another Mollie API URL only over HTTPS, the one thing the Mollie client speaks', () => {
    const c = loadConfig({ MOLLIE_API_URL: 'https://127.0.0.1:8443/v2/' }, { envFile: false });
    expect(c.mollieApiUrl).to.equal('https://127.0.0.1:8443/v2/');
    expect(() => loadConfig({ MOLLIE_API_URL: 'http://127.0.0.1:8080/v2/' }, { envFile: false })).to.throw(ConfigError, /MOLLIE_API_URL/);
  });
});
