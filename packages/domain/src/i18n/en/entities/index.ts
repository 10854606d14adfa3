// Written by packages/domain/scripts/entity-registry.ts (`npm run db:generate -w @ebox/api`): do not edit.
import address from './address';
import bot from './bot';
import botFlow from './bot-flow';
import building from './building';
import buildingLevel1 from './building-level1';
import buildingLevel2 from './building-level2';
import ccm from './ccm';
import cluster from './cluster';
import clusterEbox from './cluster-ebox';
import company from './company';
import compartiment from './compartiment';
import compartimentLayout from './compartiment-layout';
import customer from './customer';
import ebox from './ebox';
import eboxModule from './ebox-module';
import eboxModuleCompartiment from './ebox-module-compartiment';
import group from './group';
import inbound from './inbound';
import invoice from './invoice';
import order from './order';
import outbox from './outbox';
import packing from './packing';
import payment from './payment';
import paymentGateway from './payment-gateway';
import product from './product';
import qrcodeTemplate from './qrcode-template';
import role from './role';
import route from './route';
import terminalUiRelease from './terminal-ui-release';
import terminalUiVersion from './terminal-ui-version';
import version from './version';
import warehouse from './warehouse';
import webhook from './webhook';

/** One area per translated entity: entities.<name>.{menu,label,labelPlural,fields,enumerators,hints,...}. */
export const entityAreas = [
  address,
  bot,
  botFlow,
  building,
  buildingLevel1,
  buildingLevel2,
  ccm,
  cluster,
  clusterEbox,
  company,
  compartiment,
  compartimentLayout,
  customer,
  ebox,
  eboxModule,
  eboxModuleCompartiment,
  group,
  inbound,
  invoice,
  order,
  outbox,
  packing,
  payment,
  paymentGateway,
  product,
  qrcodeTemplate,
  role,
  route,
  terminalUiRelease,
  terminalUiVersion,
  version,
  warehouse,
  webhook,
];
