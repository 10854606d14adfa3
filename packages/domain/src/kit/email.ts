/**
 * What an email address must look like. A module of its own, without zod, so the sign-in page
 * checks an address as the API does without loading the schema builder. No NUL either: an
 * address is stored and looked up as text.
 */
export const EMAIL_PATTERN = /^[^\s@\0]+@[^\s@\0]+\.[^\s@\0]+$/;
