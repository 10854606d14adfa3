import { ENTITY_PERMISSION_NOUNS } from './entities/permission-nouns';

/**
 * The one permission registry (spec 6). API guards, routes, menus and buttons all read it;
 * anything not listed here does not exist, so access is denied by default.
 */
const CRUD = ['Import', 'Create', 'Edit', 'Destroy', 'Read', 'Autocomplete'] as const;

/**
 * The nouns spec 6 names CRUD permissions after, in its order (the role form lists their groups in
 * it). Every declared entity's noun joins them from its declaration (entities/permission-nouns.ts,
 * written from the declarations), after them: a new entity needs no line here.
 */
const SPEC_NOUNS = [
  'iam',
  'customer',
  'product',
  'payment',
  'order',
  'company',
  'role',
  'route',
  'ebox',
  'cluster',
  'eboxModule',
  'compartimentLayout',
  'group',
  'compartiment',
  'webhook',
  'ccm',
  'bot',
  'botFlow',
  'qrcodeTemplate',
  'warehouse',
  'building',
  'buildingLevel1',
  'buildingLevel2',
  'operation',
  'paymentGateways',
  'terminalUiRelease',
  'terminalUiVersion',
] as const;

/**
 * Nouns spec 6 gives only some actions ("Packing has create, destroy, read, autocomplete (no edit);
 * inbound has create, read, autocomplete"): a declared one still gets no other CRUD permission, and
 * its permissions are listed in SPECIAL.
 */
const LIMITED_NOUNS = ['packing', 'inbound'] as const;
type LimitedNoun = (typeof LIMITED_NOUNS)[number];

type CrudEntity = Exclude<(typeof SPEC_NOUNS)[number] | (typeof ENTITY_PERMISSION_NOUNS)[number], LimitedNoun>;

const CRUD_ENTITIES: readonly CrudEntity[] = [...new Set<string>([...SPEC_NOUNS, ...ENTITY_PERMISSION_NOUNS])].filter(
  (noun): noun is CrudEntity => !(LIMITED_NOUNS as readonly string[]).includes(noun),
);

const SPECIAL = [
  'iamUserAutocomplete',
  'packingCreate',
  'packingDestroy',
  'packingRead',
  'packingAutocomplete',
  'inboundCreate',
  'inboundRead',
  'inboundAutocomplete',
  'auditLogRead',
  'settingsEdit',
  'paymentExport',
  'orderResendSMS',
  'orderUpdateOverdue',
  'orderUpdateStatus',
  'orderQrcode',
  'orderExport',
  'orderInbound',
  'generateTag',
  'companyUserCreate',
  'roleUserCreate',
  'invoiceRead',
  'eboxReboot',
  'eboxRestartApp',
  'eboxSync',
  'compartimentOpen',
  'compartimentLock',
  'filterEbox',
  'filterCluster',
  'filterType',
  'filterReferenceNumber',
  'uploadFiles',
] as const;

/**
 * What a person may do at a locker's touchscreen (spec 6 "terminal-side permissions", named here;
 * docs/terminal-people.md). The console never checks them on its own routes: it hands a person's
 * held ones to the terminal when they sign in there, and checks them again on each action the
 * terminal reports under that person's session.
 */
export const TERMINAL_SIDE_PERMISSIONS = [
  'terminalOrderExpired',
  'terminalOrderReturned',
  'terminalCustomerCollect',
  'terminalOrderStore',
  'terminalCompartmentRead',
  'terminalCompartmentEdit',
  'terminalCompartmentTest',
  'terminalCompartmentOpen',
  'terminalUpdateVersion',
  'terminalReboot',
  'terminalRestartApp',
  'terminalCollectPending',
  'terminalShowEboxStatus',
  'terminalOperatorCondominium',
  'terminalShowPendingDepositOperator',
  'terminalMaintenance',
] as const;

/** The terminal application's own set-up screens (spec 6 "app-terminal permissions"), at the touchscreen too. */
export const APP_TERMINAL_PERMISSIONS = [
  'appTerminalMigration',
  'appTerminalCompartment',
  'appTerminalOrder',
  'appTerminalEbox',
  'appTerminalConfig',
  'appTerminalQrCodes',
] as const;

export type TerminalPermission = (typeof TERMINAL_SIDE_PERMISSIONS)[number] | (typeof APP_TERMINAL_PERMISSIONS)[number];

type CrudAction = (typeof CRUD)[number];
export type Permission = `${CrudEntity}${CrudAction}` | (typeof SPECIAL)[number] | TerminalPermission;

/** Every right a person may hold at a locker's screen, in the registry's order. */
export const TERMINAL_PERSON_PERMISSIONS: readonly TerminalPermission[] = [...TERMINAL_SIDE_PERMISSIONS, ...APP_TERMINAL_PERMISSIONS];

export const PERMISSIONS: readonly Permission[] = [
  ...CRUD_ENTITIES.flatMap((entity) => CRUD.map((action) => `${entity}${action}` as Permission)),
  ...SPECIAL,
  ...TERMINAL_PERSON_PERMISSIONS,
];

const TERMINAL_PERSON_SET = new Set<string>(TERMINAL_PERSON_PERMISSIONS);

export function isTerminalPermission(value: string): value is TerminalPermission {
  return TERMINAL_PERSON_SET.has(value);
}

const PERMISSION_SET = new Set<string>(PERMISSIONS);

export function isPermission(value: string): value is Permission {
  return PERMISSION_SET.has(value);
}

/** Spec 6: passes when nothing is asked for, or when any held permission matches. */
export function hasPermission(held: Iterable<string> | undefined, required?: Permission | null): boolean {
  if (!required) return true;
  if (!held) return false;
  for (const permission of held) if (permission === required) return true;
  return false;
}

/** The permissions of `wanted` that `held` lacks: nobody hands out, or reaches above, what they lack. */
export function permissionsNotHeld(held: Iterable<string>, wanted: Iterable<Permission>): Permission[] {
  const have = new Set(held);
  return [...wanted].filter((permission) => !have.has(permission));
}

function permissionsOf(entity: string, actions: readonly string[]): Permission[] {
  return actions.map((action) => `${entity}${action}`).filter(isPermission);
}

const READ_ACTIONS = ['Read', 'Autocomplete'] as const;
const EDIT_ACTIONS = [...CRUD] as const;

/**
 * Nouns that get their own "<entity>Editor" and "<entity>Viewer" predefined roles (spec 6, in its
 * order), and so does every declared entity but access control's (role).
 */
const SPEC_ROLE_NOUNS = [
  'customer',
  'product',
  'order',
  'company',
  'ebox',
  'cluster',
  'eboxModule',
  'compartimentLayout',
  'group',
  'packing',
  'compartiment',
  'webhook',
  'ccm',
  'qrcodeTemplate',
  'warehouse',
  'building',
  'buildingLevel1',
  'buildingLevel2',
] as const;

// Inbound has no role of its own (spec 6 lists none): editor and entityEditor receive, viewers read.
const ROLE_ENTITIES: readonly string[] = [
  ...new Set<string>([...SPEC_ROLE_NOUNS, ...ENTITY_PERMISSION_NOUNS.filter((noun) => noun !== 'role' && noun !== 'inbound')]),
];

/** Business entities that entityEditor / entityViewer cover (everything but access control). */
const BUSINESS_ENTITIES = CRUD_ENTITIES.filter((entity) => entity !== 'iam' && entity !== 'role');

const ORDER_OPERATIONS: Permission[] = [
  'orderResendSMS',
  'orderUpdateOverdue',
  'orderUpdateStatus',
  'orderQrcode',
  'orderExport',
  'orderInbound',
  'generateTag',
  'invoiceRead',
];

const TERMINAL_OPERATIONS: Permission[] = ['eboxReboot', 'eboxRestartApp', 'eboxSync', 'compartimentOpen', 'compartimentLock'];

const FILTERS: Permission[] = ['filterEbox', 'filterCluster', 'filterType', 'filterReferenceNumber'];

const ALL_BUSINESS_EDIT: Permission[] = [
  ...BUSINESS_ENTITIES.flatMap((entity) => permissionsOf(entity, EDIT_ACTIONS)),
  ...permissionsOf('packing', ['Create', 'Destroy', 'Read', 'Autocomplete']),
  ...permissionsOf('inbound', ['Create', 'Read', 'Autocomplete']),
];
const ALL_BUSINESS_READ: Permission[] = [
  ...BUSINESS_ENTITIES.flatMap((entity) => permissionsOf(entity, READ_ACTIONS)),
  ...permissionsOf('packing', READ_ACTIONS),
  ...permissionsOf('inbound', READ_ACTIONS),
];

function entityRoles(): Record<string, Permission[]> {
  const roles: Record<string, Permission[]> = {};
  for (const entity of ROLE_ENTITIES) {
    const edit = entity === 'packing' ? ['Create', 'Destroy', 'Read', 'Autocomplete'] : EDIT_ACTIONS;
    roles[`${entity}Editor`] = permissionsOf(entity, edit);
    roles[`${entity}Viewer`] = permissionsOf(entity, READ_ACTIONS);
  }
  // Whoever's role is the order list's may narrow it every way (docs/orders.md); custom roles choose.
  roles.orderEditor = [...(roles.orderEditor ?? []), ...FILTERS];
  roles.orderViewer = [...(roles.orderViewer ?? []), ...FILTERS];
  return roles;
}

/**
 * Predefined roles (spec 6). The spec names them but not their exact contents; what each holds is
 * our design, written down in docs/decisions.md.
 */
export const PREDEFINED_ROLES: Record<string, readonly Permission[]> = {
  owner: PERMISSIONS,
  editor: [
    ...ALL_BUSINESS_EDIT,
    ...ORDER_OPERATIONS,
    ...TERMINAL_OPERATIONS,
    ...FILTERS,
    'paymentExport',
    'uploadFiles',
    'iamUserAutocomplete',
    'roleRead',
    'roleAutocomplete',
  ],
  viewer: [...ALL_BUSINESS_READ, ...FILTERS, 'invoiceRead', 'roleRead', 'roleAutocomplete'],
  companyUserCreator: ['companyUserCreate', 'companyRead', 'companyAutocomplete', 'roleAutocomplete', 'iamRead', 'iamCreate'],
  auditLogViewer: ['auditLogRead'],
  iamSecurityReviewer: [
    ...permissionsOf('iam', EDIT_ACTIONS),
    'iamUserAutocomplete',
    'roleRead',
    'roleAutocomplete',
    'roleUserCreate',
    'companyAutocomplete',
  ],
  entityEditor: [...ALL_BUSINESS_EDIT, 'uploadFiles'],
  entityViewer: ALL_BUSINESS_READ,
  ...entityRoles(),
  orderSmsResender: ['orderRead', 'orderResendSMS'],
  orderUpdateOverdue: ['orderRead', 'orderUpdateOverdue'],
  orderUpdateStatus: ['orderRead', 'orderUpdateStatus'],
  // Spec 6's operator sees the warehouse's work and operatorAdmin edits it: routes (issue 30, item 6;
  // docs/decisions.md "Routes (issue 30)"), and the operators to drive them.
  operator: [...permissionsOf('operation', READ_ACTIONS), ...permissionsOf('route', READ_ACTIONS)],
  operatorAdmin: [...permissionsOf('operation', EDIT_ACTIONS), ...permissionsOf('route', EDIT_ACTIONS), 'iamUserAutocomplete'],
  // The people at a locker's screen (docs/terminal-people.md): whoever services the lockers
  // (every terminal-side and app-terminal right), and the couriers and building staff who deposit,
  // collect and hand back parcels there.
  terminalMaintenance: [...TERMINAL_PERSON_PERMISSIONS],
  terminalOperator: [
    'terminalOrderStore',
    'terminalOrderExpired',
    'terminalOrderReturned',
    'terminalCustomerCollect',
    'terminalCollectPending',
    'terminalCompartmentRead',
    'terminalShowEboxStatus',
    'terminalOperatorCondominium',
    'terminalShowPendingDepositOperator',
  ],
};

export const OWNER_ROLE = 'owner';

/** What a role grants: the owner role always carries every permission, including ones added after it was seeded. */
export function permissionsOfRole(role: { name: string; permissions?: readonly string[] | null }): Permission[] {
  if (role.name === OWNER_ROLE) return [...PERMISSIONS];
  return (role.permissions ?? []).filter(isPermission);
}

/**
 * Permissions that achieve nothing without another (checked by the role editor, which warns): each
 * screen that changes records is reached through its list, so changing needs reading; an operation
 * on an order or a locker is offered on its page. Picking a related record in a form needs nothing
 * more: whoever may create or edit a record may search the records it relates to, within their
 * companies (see `autocompleteGrantsOf` in kit/entity.ts).
 */
function dependenciesOf(): Partial<Record<Permission, readonly Permission[]>> {
  const needs: Partial<Record<Permission, readonly Permission[]>> = {};
  for (const entity of CRUD_ENTITIES) {
    const read = `${entity}Read` as Permission;
    for (const action of ['Create', 'Edit', 'Destroy', 'Import'] as const) needs[`${entity}${action}` as Permission] = [read];
  }
  for (const permission of ORDER_OPERATIONS) needs[permission] = ['orderRead'];
  for (const permission of ['eboxReboot', 'eboxRestartApp', 'eboxSync'] as const) needs[permission] = ['eboxRead'];
  for (const permission of ['compartimentOpen', 'compartimentLock'] as const) needs[permission] = ['compartimentRead'];
  needs.paymentExport = ['paymentRead'];
  needs.packingCreate = ['packingRead'];
  needs.packingDestroy = ['packingRead'];
  // Saving an inbound moves its orders through moveOrder, which asks what every console move asks.
  needs.inboundCreate = ['inboundRead', 'orderUpdateStatus'];
  return needs;
}

export const PERMISSION_DEPENDENCIES: Partial<Record<Permission, readonly Permission[]>> = dependenciesOf();

/** Each held permission that lacks one it depends on, with the missing ones (the registry's order). */
export function missingDependencies(held: Iterable<string>): { permission: Permission; missing: Permission[] }[] {
  const have = new Set(held);
  return PERMISSIONS.filter((permission) => have.has(permission)).flatMap((permission) => {
    const missing = (PERMISSION_DEPENDENCIES[permission] ?? []).filter((needed) => !have.has(needed));
    return missing.length ? [{ permission, missing }] : [];
  });
}
