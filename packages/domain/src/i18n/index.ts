import i18next, { type i18n, type TFunction } from 'i18next';
import { type Dictionary, dictionaryOf, registerDictionary } from './dictionary';
import { auditActionAreas as enAuditActionAreas } from './en/audit-actions';
import { botFlowScreenAreas as enBotFlowScreenAreas } from './en/bot-flow-screens';
import { botMessageScreenAreas as enBotMessageScreenAreas } from './en/bot-message-screens';
import { dashboardScreenAreas as enDashboardScreenAreas } from './en/dashboard-screens';
import { exportByMailAreas as enExportByMailAreas } from './en/export-by-mail';
import { importScreenAreas as enImportScreenAreas } from './en/import-screens';
import { inboundScreenAreas as enInboundScreenAreas } from './en/inbound-screens';
import { areas as enAreas } from './en/index';
import { jobScreenAreas as enJobScreenAreas } from './en/job-screens';
import { lockerAreas as enLockerAreas } from './en/lockers';
import { messageScreenAreas as enMessageScreenAreas } from './en/message-screens';
import { orderScreenAreas as enOrderScreenAreas } from './en/order-screens';
import { packingScreenAreas as enPackingScreenAreas } from './en/packing-screens';
import enPermissions from './en/permissions';
import { profileScreenAreas as enProfileScreenAreas } from './en/profile-screens';
import { releaseScreenAreas as enReleaseScreenAreas } from './en/release-screens';
import { routeScreenAreas as enRouteScreenAreas } from './en/route-screens';
import { serverAreas as enServerAreas } from './en/server';
import { templateScreenAreas as enTemplateScreenAreas } from './en/template-screens';
import { webhookScreenAreas as enWebhookScreenAreas } from './en/webhook-screens';
import { DEFAULT_LANGUAGE, type Language } from './languages';
import { addMessageFormats } from './message-formats';
import { auditActionAreas as ptAuditActionAreas } from './pt-BR/audit-actions';
import { botFlowScreenAreas as ptBotFlowScreenAreas } from './pt-BR/bot-flow-screens';
import { botMessageScreenAreas as ptBotMessageScreenAreas } from './pt-BR/bot-message-screens';
import { dashboardScreenAreas as ptDashboardScreenAreas } from './pt-BR/dashboard-screens';
import { exportByMailAreas as ptExportByMailAreas } from './pt-BR/export-by-mail';
import { importScreenAreas as ptImportScreenAreas } from './pt-BR/import-screens';
import { inboundScreenAreas as ptInboundScreenAreas } from './pt-BR/inbound-screens';
import { areas as ptAreas } from './pt-BR/index';
import { jobScreenAreas as ptJobScreenAreas } from './pt-BR/job-screens';
import { lockerAreas as ptLockerAreas } from './pt-BR/lockers';
import { messageScreenAreas as ptMessageScreenAreas } from './pt-BR/message-screens';
import { orderScreenAreas as ptOrderScreenAreas } from './pt-BR/order-screens';
import { packingScreenAreas as ptPackingScreenAreas } from './pt-BR/packing-screens';
import ptPermissions from './pt-BR/permissions';
import { profileScreenAreas as ptProfileScreenAreas } from './pt-BR/profile-screens';
import { releaseScreenAreas as ptReleaseScreenAreas } from './pt-BR/release-screens';
import { routeScreenAreas as ptRouteScreenAreas } from './pt-BR/route-screens';
import { serverAreas as ptServerAreas } from './pt-BR/server';
import { templateScreenAreas as ptTemplateScreenAreas } from './pt-BR/template-screens';
import { webhookScreenAreas as ptWebhookScreenAreas } from './pt-BR/webhook-screens';

export * from './dictionary';
export * from './languages';
export * from './message-formats';

export const messages: Record<Language, Dictionary> = {
  'pt-BR': dictionaryOf([
    ...ptAreas,
    ptPermissions,
    ...ptAuditActionAreas,
    ...ptLockerAreas,
    ...ptOrderScreenAreas,
    ...ptMessageScreenAreas,
    ...ptWebhookScreenAreas,
    ...ptTemplateScreenAreas,
    ...ptJobScreenAreas,
    ...ptDashboardScreenAreas,
    ...ptProfileScreenAreas,
    ...ptRouteScreenAreas,
    ...ptExportByMailAreas,
    ...ptImportScreenAreas,
    ...ptInboundScreenAreas,
    ...ptPackingScreenAreas,
    ...ptReleaseScreenAreas,
    ...ptBotMessageScreenAreas,
    ...ptBotFlowScreenAreas,
    ...ptServerAreas,
  ]),
  en: dictionaryOf([
    ...enAreas,
    enPermissions,
    ...enAuditActionAreas,
    ...enLockerAreas,
    ...enOrderScreenAreas,
    ...enMessageScreenAreas,
    ...enWebhookScreenAreas,
    ...enTemplateScreenAreas,
    ...enJobScreenAreas,
    ...enDashboardScreenAreas,
    ...enProfileScreenAreas,
    ...enRouteScreenAreas,
    ...enExportByMailAreas,
    ...enImportScreenAreas,
    ...enInboundScreenAreas,
    ...enPackingScreenAreas,
    ...enReleaseScreenAreas,
    ...enBotMessageScreenAreas,
    ...enBotFlowScreenAreas,
    ...enServerAreas,
  ]),
};
for (const [language, dictionary] of Object.entries(messages)) registerDictionary(language, dictionary);

export const i18nResources = {
  'pt-BR': { translation: messages['pt-BR'] },
  en: { translation: messages.en },
};

let serverInstance: i18n | undefined;

/** A translator for server-side use (API error messages, emails, exports). */
export function translatorFor(language: Language): TFunction {
  if (!serverInstance) {
    serverInstance = i18next.createInstance();
    serverInstance.init({
      resources: i18nResources,
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      interpolation: { escapeValue: false },
      initAsync: false,
      showSupportNotice: false,
    });
    addMessageFormats(serverInstance);
  }
  return serverInstance.getFixedT(language);
}
