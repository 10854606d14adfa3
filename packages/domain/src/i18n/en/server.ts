/**
 * Areas the API needs and the browser never shows (mail templates, the documents the API writes):
 * kept out of the console's dictionary, which every signed-in screen downloads. Keys must be
 * identical in pt-BR and en (a test checks it).
 */
import dashboardMails from './dashboard-mails';
import listAndOrderRules from './list-and-order-rules';
import mail from './mail';
import messageErrors from './message-errors';
import orderDocuments from './order-documents';
import packingDocuments from './packing-documents';
import paymentExport from './payment-export';
import releaseErrors from './release-errors';

export const serverAreas = [
  mail,
  orderDocuments,
  paymentExport,
  packingDocuments,
  listAndOrderRules,
  messageErrors,
  dashboardMails,
  releaseErrors,
];
