// Mocha root hooks: quiet logs, and close every shared runtime when the run ends.
import { closeBackends } from './backends.js';

process.env.LOG_LEVEL ??= 'silent';

export const mochaHooks = {
  async afterAll() {
    await closeBackends();
  },
};
