/** The importer's words (natural keys, templates, failed rows): loaded with the importer page (apps/web/src/kit/importer/messages.ts), not with every signed-in screen; the API has them with the rest. */
import importer from './importer';
import imports from './imports';

export const importScreenAreas = [importer, imports];
