// What route modules receive: the services and the few request helpers they share.
import type { Request, Response } from 'express';
import type { Config } from '../config.js';
import type { KeptAnswers } from '../render/kept-answers.js';
import type { Services } from '../services/index.js';

export interface RouteDeps {
  config: Config;
  services: Services;
  pushPublicKey: string;
  /** The CSRF token for this response; a new session (signup, login) needs a new one. */
  csrfToken: (req: Request, res: Response) => string;
  /** Where routes register the visitor pages they keep, to be answered ahead of Express (absent: never). */
  keptAnswers?: KeptAnswers;
}
