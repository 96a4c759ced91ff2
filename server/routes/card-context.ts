// How the request's site shows profiles (photo prefix, fictional profiles' presence), for the
// services that make profile cards.
import type { Request } from 'express';
import type { CardContext } from '../services/profiles/profile-views.js';
import type { Site } from '../services/sites/sites-service.js';
import { DEFAULT_SETTINGS, fictionalPresenceOf } from '../services/sites/default-settings.js';

export function cardContextOf(req: Request): CardContext {
  return cardContextOfSite(req.site);
}

export function cardContextOfSite(site: Site): CardContext {
  return { cdnPrefix: site.stored.cdn_prefix ?? DEFAULT_SETTINGS.cdn_prefix, fictionalPresence: fictionalPresenceOf(site.stored) };
}
