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
