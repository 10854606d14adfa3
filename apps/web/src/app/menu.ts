import { ENTITIES, type EntityDeclaration, type Permission, permissionOf } from '@ebox/domain';
import { screenBaseOf } from '../kit/screens';

/** One entry of the side menu: a page (path) or a submenu (children). */
export type MenuEntry = {
  key: string;
  /** i18n key of the label. */
  labelKey: string;
  path?: string;
  /** Read permission of the page; the entry shows only when the user holds it (spec 2.4). */
  permission?: Permission;
  children?: MenuEntry[];
};

const SECTIONS = ['main', 'warehouse', 'terminal', 'system'] as const;
type Section = (typeof SECTIONS)[number];

/**
 * Where each entity sits in the menu and in which order (spec 2.6): the warehouse family and the
 * terminal software have their own submenus, access control lives under "system". Entities not
 * listed here go to the main section after the listed ones.
 */
const PLACEMENT: { name: string; section: Section }[] = [
  { name: 'order', section: 'main' },
  { name: 'customer', section: 'main' },
  { name: 'product', section: 'main' },
  { name: 'payment', section: 'main' },
  { name: 'paymentGateway', section: 'main' },
  { name: 'company', section: 'main' },
  { name: 'ebox', section: 'main' },
  { name: 'cluster', section: 'main' },
  { name: 'group', section: 'main' },
  { name: 'eboxModule', section: 'main' },
  { name: 'compartimentLayout', section: 'main' },
  { name: 'building', section: 'main' },
  { name: 'address', section: 'main' },
  { name: 'webhook', section: 'main' },
  { name: 'ccm', section: 'main' },
  { name: 'qrcodeTemplate', section: 'main' },
  { name: 'bot', section: 'main' },
  { name: 'botFlow', section: 'main' },
  { name: 'warehouse', section: 'warehouse' },
  { name: 'inbound', section: 'warehouse' },
  { name: 'packing', section: 'warehouse' },
  { name: 'route', section: 'warehouse' },
  { name: 'version', section: 'terminal' },
  { name: 'terminalUiVersion', section: 'terminal' },
  { name: 'terminalUiRelease', section: 'terminal' },
];

/**
 * Spec 2.6 gives these no list of their own in the menu: building levels are reached from their
 * building, compartments and cluster links from their module, locker or cluster. Their pages
 * highlight the entry of the entity they are reached from.
 */
const REACHED_FROM: Record<string, string> = {
  buildingLevel1: 'building',
  buildingLevel2: 'building',
  eboxModuleCompartiment: 'eboxModule',
  compartiment: 'ebox',
  clusterEbox: 'cluster',
};

function isMenuEntity(entity: EntityDeclaration): boolean {
  return !entity.parent && !(entity.name in REACHED_FROM);
}

function entryOf(entity: EntityDeclaration): MenuEntry {
  const path = screenBaseOf(entity);
  return {
    key: path,
    path,
    labelKey: `entities.${entity.name}.menu`,
    permission: permissionOf(entity, 'Read'),
  };
}

/**
 * Pages of the console's own that belong beside an entity's list: the message log (issue 27) is
 * read from the orders' side, so it follows the orders' entry.
 */
const BESIDE_ENTITY: Record<string, MenuEntry[]> = {
  order: [{ key: '/order-message', path: '/order-message', labelKey: 'layout.menu.orderMessages', permission: 'orderRead' }],
  // Issue 31: how many lockers run each version, read beside the releases that change it.
  terminalUiRelease: [
    { key: '/release/fleet', path: '/release/fleet', labelKey: 'layout.menu.fleet', permission: 'terminalUiReleaseRead' },
  ],
};

const FIXED: Record<Section, MenuEntry[]> = {
  main: [],
  warehouse: [],
  terminal: [],
  system: [
    { key: '/iam', path: '/iam', labelKey: 'layout.menu.iam', permission: 'iamRead' },
    { key: '/role', path: '/role', labelKey: 'layout.menu.role', permission: 'roleRead' },
    { key: '/audit-logs', path: '/audit-logs', labelKey: 'layout.menu.auditLogs', permission: 'auditLogRead' },
    { key: '/settings', path: '/settings', labelKey: 'layout.menu.settings', permission: 'settingsEdit' },
    { key: '/outbox', path: '/outbox', labelKey: 'layout.menu.outbox', permission: 'settingsEdit' },
  ],
};

/** The whole menu model, before filtering by the user's permissions. */
export function buildMenu(entities: Record<string, EntityDeclaration> = ENTITIES): MenuEntry[] {
  const sections: Record<Section, MenuEntry[]> = { main: [], warehouse: [], terminal: [], system: [] };
  const fixedPaths = new Set([...Object.values(FIXED), ...Object.values(BESIDE_ENTITY)].flatMap((list) => list.map((e) => e.path)));
  // A fixed entry (iam, role...) wins over a declared entity with the same path.
  const declared = Object.values(entities).filter((e) => isMenuEntity(e) && !fixedPaths.has(screenBaseOf(e)));
  const placed = new Set<string>();
  for (const { name, section } of PLACEMENT) {
    const entity = declared.find((e) => e.name === name);
    if (!entity) continue;
    sections[section].push(entryOf(entity), ...(BESIDE_ENTITY[name] ?? []));
    placed.add(name);
  }
  for (const entity of declared) if (!placed.has(entity.name)) sections.main.push(entryOf(entity));
  for (const section of SECTIONS) sections[section].push(...FIXED[section]);

  return [
    { key: '/', path: '/', labelKey: 'layout.menu.dashboard', permission: 'orderRead' },
    ...sections.main,
    { key: 'warehouse', labelKey: 'layout.menu.warehouse', children: sections.warehouse },
    { key: 'terminal', labelKey: 'layout.menu.terminal', children: sections.terminal },
    { key: 'system', labelKey: 'layout.menu.system', children: sections.system },
  ];
}

/** Keeps the entries the user may open and drops submenus left empty. */
export function filterMenu(entries: MenuEntry[], can: (permission?: Permission) => boolean): MenuEntry[] {
  const result: MenuEntry[] = [];
  for (const entry of entries) {
    if (entry.children) {
      const children = filterMenu(entry.children, can);
      if (children.length > 0) result.push({ ...entry, children });
    } else if (can(entry.permission)) {
      result.push(entry);
    }
  }
  return result;
}

/** The menu a user sees: only pages whose read permission they hold. */
export function menuFor(can: (permission?: Permission) => boolean): MenuEntry[] {
  return filterMenu(buildMenu(), can);
}

/** Every page entry, flattened (the home page's shortcuts use it). */
export function flattenMenu(entries: MenuEntry[]): MenuEntry[] {
  return entries.flatMap((entry) => (entry.children ? flattenMenu(entry.children) : [entry]));
}

function startsAt(pathname: string, path: string): boolean {
  return path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
}

/**
 * The menu entry of a page: the longest entry path the URL starts with; pages without an entry of
 * their own (a building's levels) take the entry of the entity they are reached from.
 */
export function menuKeyOf(
  pathname: string,
  entries: MenuEntry[],
  entities: Record<string, EntityDeclaration> = ENTITIES,
): string | undefined {
  let best: MenuEntry | undefined;
  for (const entry of flattenMenu(entries)) {
    if (entry.path && startsAt(pathname, entry.path) && (!best?.path || entry.path.length > best.path.length)) best = entry;
  }
  if (best) return best.key;
  for (const [name, home] of Object.entries(REACHED_FROM)) {
    const entity = entities[name];
    const homeEntity = entities[home];
    if (!entity || !homeEntity || !startsAt(pathname, screenBaseOf(entity))) continue;
    return flattenMenu(entries).find((entry) => entry.path === screenBaseOf(homeEntity))?.key;
  }
  return undefined;
}
