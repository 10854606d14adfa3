import type { EntityPages } from '../kit/entity-pages';

// One loader for new and edit: each import() call in the bundle carries its chunk's list of dependencies.
const loadRoleFormPage = () => import('../features/role/role-form-page').then((m) => m.RoleFormPage);
const loadEboxFormPage = () => import('../features/ebox/ebox-form-page').then((m) => m.EboxFormPage);
const loadAddressFormPage = () => import('../features/address/address-form-page').then((m) => m.AddressFormPage);
const loadWebhookFormPage = () => import('../features/webhook/webhook-form-page').then((m) => m.WebhookFormPage);
// The four template pages share one chunk and one import(): every import() adds its list of chunks to the first screen.
const loadTemplatePages = () => import('../features/ccm/template-pages');
const loadRoutePages = () => import('../features/route/route-pages');
const templatePage = (name: keyof Awaited<ReturnType<typeof loadTemplatePages>>) => () => loadTemplatePages().then((m) => m[name]);
const loadInboundPages = () => import('../features/inbound/inbound-pages');
const loadPackingPages = () => import('../features/packing/packing-pages');
const loadTerminalSoftwarePages = () => import('../features/terminal-software/terminal-software-pages');
const loadBotPages = () => import('../features/bot-messages/bot-pages');
const loadBotFlowFormPage = () => import('../features/bot-flow/bot-flow-pages').then((m) => m.BotFlowFormPage);

/**
 * The entities whose screens differ from the kit's (role, building, building levels, customer, module,
 * ebox, cluster, order, webhook, inbound, packing, route, and the templates people write: ccm and qrcodeTemplate), each page loaded
 * lazily as its own chunk. The kit learns them from here (issue 26): app/entity-routes.ts builds the
 * routes with it and the private layout provides it.
 */
export const ENTITY_PAGES: EntityPages = {
  role: {
    list: () => import('../features/role/role-list-page').then((m) => m.RoleListPage),
    new: loadRoleFormPage,
    edit: loadRoleFormPage,
    view: () => import('../features/role/role-view-page').then((m) => m.RoleViewPage),
  },
  building: {
    view: () => import('../features/building/building-view-page').then((m) => m.BuildingViewPage),
  },
  buildingLevel1: {
    view: () => import('../features/building/building-level1-view-page').then((m) => m.BuildingLevel1ViewPage),
  },
  address: {
    new: loadAddressFormPage,
    edit: loadAddressFormPage,
  },
  customer: {
    view: () => import('../features/customer/customer-view-page').then((m) => m.CustomerViewPage),
  },
  buildingLevel2: {
    view: () => import('../features/building/building-level2-view-page').then((m) => m.BuildingLevel2ViewPage),
  },
  eboxModule: {
    view: () => import('../features/ebox-module/ebox-module-view-page').then((m) => m.EboxModuleViewPage),
  },
  ebox: {
    list: () => import('../features/ebox/ebox-list-page').then((m) => m.EboxListPage),
    new: loadEboxFormPage,
    edit: loadEboxFormPage,
    view: () => import('../features/ebox/ebox-view-page').then((m) => m.EboxViewPage),
  },
  cluster: {
    view: () => import('../features/cluster/cluster-view-page').then((m) => m.ClusterViewPage),
  },
  order: {
    list: () => import('../features/order/order-list-page').then((m) => m.OrderListPage),
    view: () => import('../features/order/order-view-page').then((m) => m.OrderViewPage),
    kitListInside: true,
  },
  webhook: {
    new: loadWebhookFormPage,
    edit: loadWebhookFormPage,
    view: () => import('../features/webhook/webhook-view-page').then((m) => m.WebhookViewPage),
  },
  ccm: { new: templatePage('CcmFormPage'), edit: templatePage('CcmFormPage'), view: templatePage('CcmViewPage') },
  inbound: {
    new: () => loadInboundPages().then((m) => m.InboundFormPage),
    view: () => loadInboundPages().then((m) => m.InboundViewPage),
  },
  packing: {
    list: () => loadPackingPages().then((m) => m.PackingListPage),
    new: () => loadPackingPages().then((m) => m.PackingNewPage),
    view: () => loadPackingPages().then((m) => m.PackingViewPage),
    kitListInside: true,
  },
  route: {
    new: () => loadRoutePages().then((m) => m.RouteFormPage),
    edit: () => loadRoutePages().then((m) => m.RouteFormPage),
    view: () => loadRoutePages().then((m) => m.RouteViewPage),
  },
  qrcodeTemplate: {
    new: templatePage('QrcodeTemplateFormPage'),
    edit: templatePage('QrcodeTemplateFormPage'),
    view: templatePage('QrcodeTemplateViewPage'),
  },
  // Issue 31: a new terminal UI version uploads its build first (spec 7.4).
  terminalUiVersion: {
    new: () => loadTerminalSoftwarePages().then((m) => m.TerminalUiVersionFormPage),
    edit: () => loadTerminalSoftwarePages().then((m) => m.TerminalUiVersionFormPage),
  },
  // Issue 31: a release's page follows its stages and lockers live, with its actions.
  terminalUiRelease: {
    view: () => loadTerminalSoftwarePages().then((m) => m.ReleaseViewPage),
  },
  // Issue 32: a bot's page leads to its conversations (/bot/:id/messages); its list stays the kit's, whose columns fill a laptop.
  bot: {
    view: () => loadBotPages().then((m) => m.BotViewPage),
  },
  // Issue 32: each step's text of a flow beside its WhatsApp preview, refused as WhatsApp would refuse it.
  botFlow: { new: loadBotFlowFormPage, edit: loadBotFlowFormPage },
};
