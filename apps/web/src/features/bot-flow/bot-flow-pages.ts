/** The bot flow's own pages (issue 32 item 1), loaded together by app/entity-pages.ts. */
export { BotFlowFormPage } from './bot-flow-form-page';
