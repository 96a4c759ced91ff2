// An unexpected failure shows only the generic message: no stack, no SQL, no internal id.
import { expect } from 'chai';
import supertest from 'supertest';
import { createApp } from '../../server/app.js';
import { describeEachBackend } from '../helpers/backends.js';
import { testAssets } from '../helpers/test-assets.js';

describeEachBackend('unexpected errors', (env) => {
  function brokenApp() {
    const services = { ...env().rt.services };
    const search = Object.create(env().rt.services.search) as typeof services.search;
    search.search = async () => {
      throw new Error('ER_BAD_FIELD_ERROR: Unknown column secret_column in SELECT * FROM users WHERE id = 42');
    };
    services.search = search;
    return createApp({ ...env().rt, services, assets: testAssets() });
  }

  it('renders the generic error page for pages', async () => {
    const res = await supertest(brokenApp()).get('/members').set('Host', 'localhost').expect(500);
    expect(res.text).to.include('An error has occurred.');
    expect(res.text).not.to.match(/secret_column|SELECT|ER_BAD|at .*\.ts:\d+/);
  });

  it('answers the API with a stable code and the generic message', async () => {
    const db = env().rt.db;
    const services = { ...env().rt.services };
    const company = Object.create(env().rt.services.company) as typeof services.company;
    company.get = async () => {
      await db.raw('SELECT no_such_column FROM users');
      throw new Error('unreachable');
    };
    services.company = company;
    const app = createApp({ ...env().rt, services, assets: testAssets() });
    const res = await supertest(app).get('/api/companyinfo.php').set('Host', 'localhost').expect(500);
    expect(res.body).to.deep.equal({ error: { code: 'internal_error', message: 'An error has occurred.' } });
  });
});
