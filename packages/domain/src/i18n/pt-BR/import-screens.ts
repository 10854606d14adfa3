/** As palavras do importador (chaves naturais, modelos, linhas com falha): carregadas com a página de importação (apps/web/src/kit/importer/messages.ts), não com todas as telas; a API as tem com o resto. */
import importer from './importer';
import imports from './imports';

export const importScreenAreas = [importer, imports];
