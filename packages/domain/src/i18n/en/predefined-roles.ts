import { PREDEFINED_ROLES } from '../../permissions';
import { inSentence } from '../message-formats';
import { ENTITY_NOUNS } from './entity-nouns';

/**
 * Names and descriptions of the predefined roles of spec 6 (the role's stored name is the key).
 * An entity's editor and viewer roles are worded from its translations unless this table words them
 * otherwise than its label and plural.
 */
const entities: Record<string, [string, string]> = {
  ebox: ['Locker', 'lockers'],
  packing: ['Packing list', 'packing lists'],
  buildingLevel1: ['Building level 1', 'building level 1 records'],
  buildingLevel2: ['Building level 2', 'building level 2 records'],
  paymentGateways: ['Payment gateway', 'payment gateways'],
};

/** The entities with an editor and a viewer role (permissions.ts): [singular, plural] from their translations. */
const entityRoleNouns = Object.entries(ENTITY_NOUNS).flatMap(([name, [singular, plural]]): [string, [string, string]][] =>
  Object.hasOwn(PREDEFINED_ROLES, `${name}Editor`) && Object.hasOwn(PREDEFINED_ROLES, `${name}Viewer`)
    ? [[name, [singular, inSentence(plural)]]]
    : [],
);

const entityRoles = Object.fromEntries(
  Object.entries({
    ...Object.fromEntries(entityRoleNouns),
    ...entities,
  }).flatMap(([name, [singular, plural]]) => [
    [`${name}Editor`, { label: `${singular} editor`, description: `Creates, edits, imports and removes ${plural}.` }],
    [`${name}Viewer`, { label: `${singular} viewer`, description: `Reads ${plural} without changing them.` }],
  ]),
);

export default {
  roles: {
    predefined: {
      owner: { label: 'Owner', description: 'Full access, including users, roles and settings.' },
      editor: { label: 'Editor', description: 'Operates and edits every record and order, without managing access.' },
      viewer: { label: 'Viewer', description: 'Reads every record and order without changing them.' },
      companyUserCreator: { label: 'Company user creator', description: "Invites users to the user's own company." },
      auditLogViewer: { label: 'Audit log viewer', description: 'Reads the audit log.' },
      iamSecurityReviewer: { label: 'Access reviewer', description: 'Manages users and the roles they hold.' },
      entityEditor: { label: 'Records editor', description: 'Creates, edits, imports and removes every record.' },
      entityViewer: { label: 'Records viewer', description: 'Reads every record.' },
      orderSmsResender: { label: 'Order SMS resender', description: "Resends an order's SMS to the customer." },
      orderUpdateOverdue: { label: 'Order due dates', description: 'Changes the expiry date of orders.' },
      orderUpdateStatus: { label: 'Order status', description: 'Changes the status of orders.' },
      operator: { label: 'Operator', description: 'Reads locker operations and routes.' },
      operatorAdmin: { label: 'Operator administrator', description: 'Manages operations, routes and who operates each route.' },
      terminalMaintenance: {
        label: 'Locker maintenance',
        description: "Every right at the locker's screen: tests, locks and sets up compartments, updates and restarts the terminal.",
      },
      terminalOperator: {
        label: "Locker's screen operator",
        description: "Deposits, collects and hands back parcels at the locker's screen (couriers, building staff).",
      },
      ...entityRoles,
    },
  },
};
