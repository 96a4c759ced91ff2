// The terms' version (SPEC.md §9): the date they are in force from, 2023-12-01T12:00:00Z or the
// company's added date if later. Members accept a version at signup and each newer one after it.

/** The first version date of the terms, in epoch ms. */
export const TERMS_EPOCH = Date.parse('2023-12-01T12:00:00Z');

/** The JSON API's answer while the member has not accepted the terms in force (403). */
export const TERMS_REQUIRED_CODE = 'terms_acceptance_required';

/** The page that asks for the acceptance. */
export const ACCEPT_TERMS_PATH = '/accept-terms';
