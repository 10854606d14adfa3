import { PERMISSIONS, type Permission } from '../../permissions';
import { type PermissionAction, permissionPartsOf } from '../permission-groups';

/**
 * Label and description of every permission (spec 6: the role form shows both). Permissions named
 * entity + action are worded from the entity's noun; the others are written one by one below.
 */
type Noun = { title: string; plural: string };

const GROUPS: Record<string, Noun> = {
  iam: { title: 'Users', plural: 'users' },
  customer: { title: 'Customers', plural: 'customers' },
  product: { title: 'Products', plural: 'products' },
  payment: { title: 'Payments', plural: 'payments' },
  order: { title: 'Orders', plural: 'orders' },
  company: { title: 'Companies', plural: 'companies' },
  role: { title: 'Roles', plural: 'roles' },
  route: { title: 'Routes', plural: 'routes' },
  ebox: { title: 'Lockers (e-box)', plural: 'lockers' },
  cluster: { title: 'Clusters', plural: 'clusters' },
  eboxModule: { title: 'Locker modules', plural: 'locker modules' },
  compartimentLayout: { title: 'Compartment layouts', plural: 'compartment layouts' },
  group: { title: 'Locker groups', plural: 'locker groups' },
  compartiment: { title: 'Compartments', plural: 'compartments' },
  webhook: { title: 'Webhooks', plural: 'webhooks' },
  ccm: { title: 'Message templates', plural: 'message templates' },
  bot: { title: 'Bots', plural: 'bots' },
  botFlow: { title: 'Bot flows', plural: 'bot flows' },
  qrcodeTemplate: { title: 'QR code templates', plural: 'QR code templates' },
  warehouse: { title: 'Warehouses', plural: 'warehouses' },
  building: { title: 'Buildings', plural: 'buildings' },
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
  compartimentLock: { label: 'Lock compartments', description: 'Lock a damaged compartment and release it again' },
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
  const noun = GROUPS[group] ?? { title: group, plural: group };
  return action ? ACTIONS[action](noun) : { label: permission, description: permission };
}

const texts: Record<string, Text | Record<string, string>> = {};
for (const permission of PERMISSIONS) texts[permission] = textOf(permission);
texts.groups = Object.fromEntries(Object.entries(GROUPS).map(([group, noun]) => [group, noun.title]));

export default { permissions: texts };
