/**
 * As palavras das telas de mensagens e filas de trabalho: o console as carrega com essas telas
 * (apps/web/src/features/outbox/messages.ts), a API com o resto.
 */
import outbox from './outbox';

export const jobScreenAreas = [outbox];
