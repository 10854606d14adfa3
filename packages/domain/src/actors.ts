import type { Permission } from './permissions';

/**
 * Who may act on the console besides a signed-in person, and with which rights. A service asks
 * the same questions of every actor (may it do this, which companies may it touch), so a job or
 * a locker obeys the rules a person does; what a non-person actor may do is declared here, once,
 * never granted by default.
 *
 * - system: a named piece of the console itself (the demo seed, a job). Each name declares its
 *   permissions; its company scope is every company unless it is started for one.
 * - terminal: the computer inside a locker, identified by the locker (ebox) it runs; it may touch
 *   only its own locker's company and only what TERMINAL_PERMISSIONS lists.
 */
export type SystemActorName = keyof typeof SYSTEM_ACTOR_RIGHTS;

export const SYSTEM_ACTOR_RIGHTS = {
  /** Loads the demo data set on a fresh install, through the same services as the forms. */
  demoSeed: [
    'groupCreate',
    'companyCreate',
    'warehouseCreate',
    'customerCreate',
    'customerEdit',
    'buildingCreate',
    'buildingLevel1Create',
    'buildingLevel2Create',
    'productCreate',
    'compartimentLayoutCreate',
    'eboxModuleCreate',
    'eboxCreate',
    // generateCompartiments (the demo lockers' compartments) and the demo group's locker list.
    'eboxEdit',
    'groupEdit',
    // The demo clusters and their lockers' links.
    'clusterCreate',
    'ccmCreate',
    'qrcodeTemplateCreate',
    'webhookCreate',
    // The demo's orders (with their invoices, attached by an edit) and their moves through the lifecycle.
    'orderCreate',
    'orderEdit',
    'orderUpdateStatus',
    // Its canceled orders move by the console's cancel, which needs what DELETE /order needs.
    'orderDestroy',
    // The distribution company's route and this morning's packing (issue 30).
    'routeCreate',
    'packingCreate',
    // The demo's WhatsApp bots and their flows, one per demo cluster (issue 32).
    'botFlowCreate',
    'botCreate',
    // A few settled Pix payments of its orders, so the payment list has a history (issue 32).
    'paymentCreate',
  ],
  /** Sends queued mail and SMS (the outbox) and records how it went; touches no entity. */
  messageSender: [],
  /** Scheduled housekeeping (expired sign-out records); touches no entity. */
  maintenance: [],
  /** Writes a user's order export (GET /order/export) and mails the link; reads as that user, so it needs no rights of its own. */
  orderExporter: [],
  /** Writes a user's payment export (GET /payment/export) and mails the link; reads as that user. */
  paymentExporter: [],
  /** The terminal link: marks silent lockers offline and receives what terminals report; touches no entity by permission. */
  terminalLink: [],
  /**
   * Sends the companies' webhooks (order events to the shippers' systems) and records each attempt;
   * it switches a webhook off when its receiver answers 410 Gone, as an edit would.
   */
  webhookSender: ['webhookRead', 'webhookEdit'],
  /**
   * Sends the messages of an order's moments to its customer (templates over e-mail, SMS, WhatsApp,
   * push) and records how each went; reads the orders, their customers and the templates it sends.
   */
  customerMessenger: ['orderRead', 'customerRead', 'ccmRead'],
  /**
   * A WhatsApp bot (issue 32): receives what Meta posts for the bots' numbers, records each message
   * once and keeps the bot's last interaction; reads the bots and their flows; books a compartment
   * for a customer by creating an order through the order service.
   */
  whatsAppBot: ['botRead', 'botFlowRead', 'orderCreate'],
  /** Expires orders left past their overdue date, through the order lifecycle machine. */
  orderExpiry: ['orderUpdateStatus'],
  /** Folds the dashboard's new rollup rows every minute; touches no entity. */
  dashboardRollups: [],
  /**
   * Raises and resolves the dashboard's alerts from what the lockers and orders report, and mails
   * their daily digest and the weekly summary (each read with the recipient's own rights).
   */
  dashboardAlerts: [],
  /**
   * Runs software releases (issue 31): starts them at scheduledAt, commands each locker once, times
   * out silent ones; touches the releases and their locker rows only, by no permission.
   */
  releaseRunner: [],
  /**
   * Charges the bots' paid bookings at the payment gateway and moves each payment on what the
   * gateway answers (issue 32 item 4): an unpaid booking's order is cancelled, freeing its compartment.
   */
  paymentGateway: ['paymentRead', 'orderRead', 'orderDestroy'],
} as const satisfies Record<string, readonly Permission[]>;

/** What a locker's terminal may do, within its own locker's company (lockers and orders add theirs). */
export const TERMINAL_PERMISSIONS: readonly Permission[] = [
  // A parcel deposited or taken moves its order (orders/lifecycle.ts permissionToMoveOrder); it
  // reads and edits nothing else.
  'orderUpdateStatus',
];
