/**
 * The words of the outbox and job queue screens: the console loads them with those screens
 * (apps/web/src/features/outbox/messages.ts), the API with the rest.
 */
import outbox from './outbox';

export const jobScreenAreas = [outbox];
