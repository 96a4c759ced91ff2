// What route modules receive: the services and the few request helpers they share.
import type { Config } from '../config.js';
import type { Services } from '../services/index.js';

export interface RouteDeps {
  config: Config;
  services: Services;
  pushPublicKey: string;
}
