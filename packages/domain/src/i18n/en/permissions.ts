import { PERMISSIONS, type Permission } from '../../permissions';
import { inSentence } from '../message-formats';
import { type PermissionAction, permissionPartsOf } from '../permission-groups';
import { ENTITY_NOUNS } from './entity-nouns';

/**
 * Label and description of every permission (spec 6: the role form shows both). Permissions named
 * entity + action are worded from the entity's noun; the others are written one by one below.
 * A declared entity's noun comes from its translations (label, labelPlural) unless GROUPS words it.
 */
type Noun = { title: string; plural: string };

const GROUPS: Record<string, Noun> = {
  iam: { title: 'Users', plural: 'users' },
  payment: { title: 'Payments', plural: 'payments' },
  route: { title: 'Routes', plural: 'routes' },
  ebox: { title: 'Lockers (e-box)', plural: 'lockers' },
  eboxModule: { title: 'Locker modules', plural: 'locker modules' },
  group: { title: 'Locker groups', plural: 'locker groups' },
  bot: { title: 'Bots', plural: 'bots' },
  botFlow: { title: 'Bot flows', plural: 'bot flows' },
  buildingLevel1: { title: 'Building level 1', plural: 'building level 1 units' },
  buildingLevel2: { title: 'Building level 2', plural: 'building level 2 units' },
  operation: { title: 'Operation', plural: 'operations' },
  paymentGateways: { title: 'Payment gateways', plural: 'payment gateways' },
  terminalUiRelease: { title: 'Terminal UI releases', plural: 'terminal UI releases' },
  terminalUiVersion: { title: 'Terminal UI versions', plural: 'terminal UI versions' },
  packing: { title: 'Packing lists', plural: 'packing lists' },
  inbound: { title: 'Inbound (cross-docking)', plural: 'cross-docking inbound entries' },
  auditLog: { title: 'Audit log', plural: 'audit log entries' },
  settings: { title: 'Settings', plural: 'settings' },
  filters: { title: 'Filters', plural: 'filters' },
  files: { title: 'Files', plural: 'files' },
  terminalSide: { title: "At the locker's screen", plural: "the locker's screen" },
  appTerminal: { title: "The terminal app's set-up", plural: "the terminal app's set-up" },
  other: { title: 'Other', plural: 'other records' },
};

function nounOf(group: string): Noun {
  const noun = ENTITY_NOUNS[group];
  return GROUPS[group] ?? (noun ? { title: noun[1], plural: inSentence(noun[1]) } : { title: group, plural: group });
}

type Text = { label: string; description: string };

const ACTIONS: Record<PermissionAction, (noun: Noun) => Text> = {
  Read: (n) => ({ label: `View ${n.plural}`, description: `List, open and export ${n.plural}` }),
  Create: (n) => ({ label: `Create ${n.plural}`, description: `Add new ${n.plural}` }),
  Edit: (n) => ({ label: `Edit ${n.plural}`, description: `Change existing ${n.plural}` }),
  Destroy: (n) => ({ label: `Delete ${n.plural}`, description: `Remove ${n.plural}, one at a time or in bulk` }),
  Import: (n) => ({ label: `Import ${n.plural}`, description: `Add ${n.plural} in bulk from an Excel spreadsheet` }),
  Autocomplete: (n) => ({ label: `Look up ${n.plural}`, description: `Search ${n.plural} by name when filling in other records` }),
};

const SPECIAL: Partial<Record<Permission, Text>> = {
  iamUserAutocomplete: { label: 'Pick users in forms', description: 'Search users by name or email when filling in other records' },
  auditLogRead: { label: 'View the audit log', description: 'See who changed what, and when, in every record' },
  settingsEdit: { label: 'Edit settings', description: "Change the console's colour theme and read the outbox of emails and SMS" },
  paymentExport: { label: 'Export payments', description: 'Receive by email the payments spreadsheet built by the server' },
  orderResendSMS: { label: 'Resend order SMS', description: 'Send the customer the pickup code SMS again' },
  orderUpdateOverdue: { label: 'Change order due dates', description: 'Change the pickup deadline of an order' },
  orderUpdateStatus: { label: 'Change order status', description: 'Change the status of an order by hand' },
  orderQrcode: { label: 'View order QR codes', description: 'Show and print the pickup QR code of an order' },
  orderExport: { label: 'Export orders', description: 'Receive by email the orders spreadsheet built by the server' },
  orderInbound: { label: 'Receive orders', description: 'Record orders arriving at the warehouse (cross-docking)' },
  generateTag: { label: 'Generate tags', description: 'Generate the PDF with the shipping labels of orders' },
  invoiceRead: { label: 'View invoices', description: 'See the invoices attached to orders' },
  companyUserCreate: { label: 'Create company users', description: 'Invite users limited to the same companies you can access' },
  roleUserCreate: { label: 'Assign roles to users', description: 'Grant roles when inviting or editing users' },
  eboxReboot: { label: 'Reboot lockers', description: "Send the reboot command to a locker's terminal" },
  eboxRestartApp: { label: "Restart the locker's app", description: 'Restart the terminal application without rebooting the locker' },
  eboxSync: { label: 'Sync lockers', description: 'Ask the terminal to synchronise orders and configuration' },
  compartimentOpen: { label: 'Open compartments', description: 'Open a compartment door remotely' },
  compartimentLock: { label: 'Lock compartments', description: 'Lock a compartment (damage, maintenance) and unlock it again' },
  filterEbox: { label: 'Filter by locker', description: 'Use the locker filter in lists' },
  filterCluster: { label: 'Filter by cluster', description: 'Use the cluster filter in lists' },
  filterType: { label: 'Filter by type', description: 'Use the order type filter in lists' },
  filterReferenceNumber: { label: 'Filter by reference number', description: 'Use the reference number filter in lists' },
  uploadFiles: { label: 'Upload files', description: 'Upload photos, images and attachments in forms' },
  terminalOrderExpired: {
    label: 'Take out expired orders',
    description: "At the locker's screen: remove parcels left past their pickup date",
  },
  terminalOrderReturned: {
    label: 'Take out returned orders',
    description: "At the locker's screen: remove parcels going back to the shipper",
  },
  terminalCustomerCollect: {
    label: 'Collect for a customer',
    description: "At the locker's screen: open a customer's compartment to hand the parcel over",
  },
  terminalOrderStore: { label: 'Store orders', description: "At the locker's screen: deposit parcels into compartments" },
  terminalCompartmentRead: { label: 'See compartments', description: "At the locker's screen: list the compartments and what each holds" },
  terminalCompartmentEdit: {
    label: 'Change compartments',
    description: "At the locker's screen: lock a compartment as damaged, or free it again",
  },
  terminalCompartmentTest: {
    label: 'Test compartments',
    description: "At the locker's screen: open an empty compartment to check its door",
  },
  terminalCompartmentOpen: { label: 'Open compartments at the locker', description: "At the locker's screen: open any compartment's door" },
  terminalUpdateVersion: {
    label: "Update the locker's software",
    description: "At the locker's screen: install a new version of the terminal app",
  },
  terminalReboot: { label: 'Reboot at the locker', description: "At the locker's screen: reboot the locker's computer" },
  terminalRestartApp: { label: 'Restart the app at the locker', description: "At the locker's screen: restart the terminal app" },
  terminalCollectPending: {
    label: 'Collect pending parcels',
    description: "At the locker's screen: take out every parcel waiting for collection",
  },
  terminalShowEboxStatus: { label: "See the locker's state", description: "At the locker's screen: see connection, doors and occupancy" },
  terminalOperatorCondominium: {
    label: 'Building staff',
    description: "At the locker's screen: receive and hand over the residents' parcels",
  },
  terminalShowPendingDepositOperator: {
    label: 'See pending deposits',
    description: "At the locker's screen: see the orders still to be deposited",
  },
  terminalMaintenance: { label: 'Maintenance', description: "At the locker's screen: enter the maintenance mode" },
  appTerminalMigration: { label: 'Migrate the terminal', description: "In the terminal app's set-up: move its data to another locker" },
  appTerminalCompartment: {
    label: 'Set up compartments',
    description: "In the terminal app's set-up: map compartments to doors and sizes",
  },
  appTerminalOrder: { label: 'Set up orders', description: "In the terminal app's set-up: manage the orders the terminal keeps" },
  appTerminalEbox: { label: 'Set up the locker', description: "In the terminal app's set-up: change the locker's data" },
  appTerminalConfig: { label: 'Terminal configuration', description: "In the terminal app's set-up: change the app's configuration" },
  appTerminalQrCodes: { label: 'Terminal QR codes', description: "In the terminal app's set-up: show and print the locker's QR codes" },
};

function textOf(permission: Permission): Text {
  const special = SPECIAL[permission];
  if (special) return special;
  const { group, action } = permissionPartsOf(permission);
  const noun = nounOf(group);
  return action ? ACTIONS[action](noun) : { label: permission, description: permission };
}

const texts: Record<string, Text | Record<string, string>> = {};
for (const permission of PERMISSIONS) texts[permission] = textOf(permission);
const groups = new Set([...Object.keys(GROUPS), ...PERMISSIONS.map((permission) => permissionPartsOf(permission).group)]);
texts.groups = Object.fromEntries([...groups].map((group) => [group, nounOf(group).title]));

export default { permissions: texts };
