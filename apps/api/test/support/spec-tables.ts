/**
 * The spec's own values, copied by hand from ../shared/spec/SPEC.md, for the contract suite to hold
 * each declaration and the API to. They are not derived from the declarations: a declaration that
 * drifts from the spec fails the suite. When the spec changes, change these lines with it.
 */

/** One field's rule as spec 5.3 (and spec 9 for file limits) writes it. For files, min and max count files. */
export type SpecRule = {
  required?: true;
  min?: number;
  max?: number;
  scale?: number;
  format?: 'email' | 'url' | 'startsWithDigit';
  /** Exact length ("accessCode exactly 6"). */
  length?: number;
  /** Bytes per file. */
  maxSize?: number;
};

/** Spec 9: "File limits: 1,000,000 bytes each, at most 3 images or attachments". */
export const SPEC_FILE_MAX_SIZE = 1_000_000;
export const SPEC_FILE_MAX_COUNT = 3;

/**
 * Spec 5.3, per declared entity. An empty entry means the spec states no rule for it ("Other
 * form rules: not shown"); every declared entity must have an entry, so a new one is compared too.
 */
export const SPEC_RULES: Record<string, Record<string, SpecRule>> = {
  // "Customer: name required, 2 to 255 characters."
  customer: { name: { required: true, min: 2, max: 255 } },
  // "Product: name required 2 to 255; description max 21845; unitPrice required, 2 decimals, min 0.01,
  // max 99999; photos max 3, 1,000,000 bytes each."
  product: {
    name: { required: true, min: 2, max: 255 },
    description: { max: 21845 },
    unitPrice: { required: true, scale: 2, min: 0.01, max: 99999 },
    photos: { max: 3, maxSize: 1_000_000 },
  },
  // "CompartimentLayout: code, name, width, height, depth required."
  compartimentLayout: {
    code: { required: true },
    name: { required: true },
    width: { required: true },
    height: { required: true },
    depth: { required: true },
  },
  // "Ccm: type, subType, content, trigger, company required."
  ccm: {
    type: { required: true },
    subType: { required: true },
    content: { required: true },
    trigger: { required: true },
    company: { required: true },
  },
  // "QrcodeTemplate: type, hbsContent, company required."
  qrcodeTemplate: { type: { required: true }, hbsContent: { required: true }, company: { required: true } },
  // "Webhook: url and company required." (5.1: "valid URL")
  webhook: { url: { required: true, format: 'url' }, company: { required: true } },
  // "Role: permissions required."
  role: { permissions: { required: true } },
  // "Ebox boardNumber 1 to 10" (spec 9: "Ebox boards numbered 1 to 10"): a module's default board is
  // the board a locker built from it uses. Spec 9: "at most 3 images", 1,000,000 bytes each.
  eboxModule: { defaultBoardNumber: { min: 1, max: 10 }, images: { max: 3, maxSize: 1_000_000 } },
  // Spec 9: "at most 3 images or attachments", 1,000,000 bytes each.
  company: { attachments: { max: 3, maxSize: 1_000_000 } },
  eboxModuleCompartiment: {},
  // "Ebox boardNumber 1 to 10."; spec 9 "at most 3 images", 1,000,000 bytes each.
  ebox: { boardNumber: { min: 1, max: 10 }, images: { max: 3, maxSize: 1_000_000 } },
  // "Compartiment: number, boardNumber, comNumber, numberInColumn, size, ebox, width, height, depth required."
  // Spec 9 "Ebox boards numbered 1 to 10" holds for a compartment's board too.
  compartiment: {
    number: { required: true },
    boardNumber: { required: true, min: 1, max: 10 },
    comNumber: { required: true },
    numberInColumn: { required: true },
    size: { required: true },
    ebox: { required: true },
    width: { required: true },
    height: { required: true },
    depth: { required: true },
  },
  cluster: {},
  clusterEbox: {},
  building: {},
  buildingLevel1: {},
  buildingLevel2: {},
  group: {},
  warehouse: {},
  address: {},
  // "Version: description, identification, company required." Spec 9: "Description max 21845 characters".
  version: {
    description: { required: true, max: 21845 },
    identification: { required: true },
    company: { required: true },
  },
  // Spec 5.3 names no rule of its own; the create needs an uploaded build (spec 7.4).
  terminalUiVersion: {},
  // "Release: company required."
  terminalUiRelease: { company: { required: true } },
  inbound: {},
  route: {},
  packing: {},
  // "Bot and bot flow: name, phoneNumberId, accessToken required 2 to 255; phoneNumber optional 2 to
  // 255; bot flow and user required on bot; catalog, paymentMethods, links 0 to 10 entries; flow type
  // required." The catalog (a unit and 6 sizes' prices) and links (terms, help) are objects of fewer
  // than 10 fixed entries, and paymentMethods offers pix alone: no list can pass 10.
  bot: {
    name: { required: true, min: 2, max: 255 },
    phoneNumberId: { required: true, min: 2, max: 255 },
    accessToken: { required: true, min: 2, max: 255 },
    phoneNumber: { min: 2, max: 255 },
    flow: { required: true },
    user: { required: true },
  },
  // The flow's number and token are the bot's (docs/whatsapp-bot.md): a flow is a script many bots run.
  botFlow: { name: { required: true, min: 2, max: 255 }, type: { required: true } },
  // "Payment: value max 4 characters, gateway max 16; order and company required." The value's 4
  // characters read as reais: at most R$ 9.999,99 (docs/payments.md); the gateway is an enum of short names.
  payment: { value: { max: 9999.99 }, order: { required: true }, company: { required: true } },
  // Not in spec 5.3: a company's gateway account (spec 6 paymentGateways*).
  paymentGateway: {},
  // "Order: trackingCode and referenceNumber 4 to 46 characters; shipper and company required;
  // invoiceNumber 6 to 8; accessCode exactly 6; customerName 6 to 50; customerPhone exactly 13;
  // customerEmail 6 to 50; eboxCode 4 to 20; compartimentSize 1 to 2; ... attachments at most 3 files,
  // each up to 1,000,000 bytes, formats txt and pdf; images at most 3, up to 1,000,000 bytes".
  // customerPhone: a mobile is stored as 55 + DDD + 9 digits, 13 by construction (checked in
  // orders-basic.test.ts); eboxCode is kept from the locker, whose code is 4 to 20 (ebox.code).
  order: {
    trackingCode: { required: true, min: 4, max: 46 },
    referenceNumber: { min: 4, max: 46 },
    shipper: { required: true },
    company: { required: true },
    invoiceNumber: { min: 6, max: 8 },
    accessCode: { length: 6 },
    customerName: { min: 6, max: 50 },
    customerPhone: { format: 'startsWithDigit' },
    customerEmail: { min: 6, max: 50, format: 'email' },
    compartimentSize: { min: 1, max: 2 },
    attachments: { max: 3, maxSize: 1_000_000 },
    images: { max: 3, maxSize: 1_000_000 },
  },
  invoice: {},
  invoiceItem: {},
};

/**
 * Spec 5.3 "User: firstName max 80; lastName max 175; email required max 255; ... roles ... required;
 * phoneNumber starts with a digit, max 24; avatars max 1." (username, password fields and company
 * belong to other forms; see SPEC_FIELDS.user.)
 */
export const SPEC_USER_RULES: Record<string, SpecRule> = {
  firstName: { max: 80 },
  lastName: { max: 175 },
  email: { required: true, max: 255, format: 'email' },
  phoneNumber: { max: 24, format: 'startsWithDigit' },
  avatars: { max: 1 },
  roles: { required: true },
  username: { max: 100 },
};

/**
 * Spec 3's field lists (besides id, createdAt, updatedAt). `later`: fields the spec lists whose
 * related entity is not built yet, or that live elsewhere, with where; `beyond`: declared fields the
 * spec does not list, with why.
 */
export const SPEC_FIELDS: Record<string, { fields: string[]; later?: Record<string, string>; beyond?: Record<string, string> }> = {
  customer: {
    fields: ['name', 'cellphone', 'email', 'company', 'buildingLevel2', 'photo', 'pcd', 'enable', 'documentNumber'],
    beyond: {
      language: "the language of the customer's messages (issue 27: in the customer's language where known)",
      address: "issue 33: the customer's address, picked from the company's address book (spec 3 order tag: toCustomer's address)",
    },
  },
  product: { fields: ['name', 'description', 'unitPrice', 'photos'] },
  company: {
    fields: [
      'name',
      'logo',
      'type',
      'externalId',
      'allowCollectExpiredOrder',
      'group',
      'distributionLogistic',
      'attachments',
      'parent',
      'building',
      'companySettings',
      'maxDaysOverdueDateDelivery',
    ],
  },
  role: {
    fields: ['name', 'description', 'company', 'permissions'],
    beyond: { predefined: 'marks the predefined roles of spec 6, which cannot be changed' },
  },
  eboxModule: {
    fields: ['name', 'code', 'enable', 'images', 'defaultBoardNumber'],
    later: { eboxModuleCompartiment: 'the eboxModuleCompartiment rows whose eboxModule is this module' },
  },
  eboxModuleCompartiment: { fields: ['staticNumber', 'eboxModule', 'compartimentLayout', 'pcd', 'enable', 'priority'] },
  compartimentLayout: { fields: ['name', 'code', 'width', 'height', 'depth', 'enable'] },
  group: { fields: ['name', 'ebox'] },
  ebox: {
    fields: [
      'name',
      'code',
      'images',
      'enable',
      'status',
      'street',
      'number',
      'complement',
      'neighborhood',
      'city',
      'state',
      'postalCode',
      'coordinates',
      'terminalId',
      'warehouse',
      'company',
      'eboxModule',
      'currentModules',
      'startNumber',
      'boardNumber',
      'building',
      'lastHeartBeat',
      'osVersion',
      'os',
      'shared',
      'workingHours',
      'application',
      'applicationVersion',
    ],
    beyond: {
      enrolledAt: 'issue 14: when the terminal traded its one-time token for credentials (spec 7.4 createToken)',
      unsupportedActions: "issue 14: extension actions the terminal answered with Open-Locker's INVALID_COMMAND",
      relayChannels: 'issue 25: channels per relay board (empty: 8), the range of comNumber checked before apply_config',
      configStatus: 'issue 25: where the relay mapping stands (pending, applied, refused by the terminal, invalid and not sent)',
      configError: "issue 25: the terminal's reason for refusing the mapping, or the console's check's problem",
      configHash: 'issue 25: the config_hash last sent',
      configCheckedAt: 'issue 25: when the mapping state last changed',
      address: 'issue 33: the address book record the address was copied from (the form fills the fields on the pick)',
      uiVersion: 'issue 31: the terminal UI build the terminal reports (versions ui_version), or a release installed',
      maintenanceWindowStart: "issue 31: when the locker installs software (none: its company's window, else 02:00)",
      maintenanceWindowEnd: "issue 31: the end of the locker's maintenance window (none: its company's, else 05:00)",
      timeZone: "issue 31: the locker's IANA time zone, read by its maintenance window (none: its company's)",
    },
  },
  compartiment: {
    fields: [
      'number',
      'boardNumber',
      'numberInColumn',
      'comNumber',
      'usageType',
      'size',
      'ebox',
      'status',
      'pcd',
      'enable',
      'width',
      'height',
      'depth',
    ],
    beyond: {
      doorOpen: 'issue 14: the door as the terminal last reported it, drawn on the locker picture',
      doorChangedAt: 'issue 14: when the door last changed, at the terminal time',
      doorReportedAt: 'issue 14: the terminal time of the latest door report applied (older reports are not)',
    },
  },
  cluster: {
    fields: ['name', 'sequence', 'enable', 'company', 'operationType', 'isPaid'],
    later: {
      clusterEbox: 'the clusterEbox rows whose cluster is this cluster',
      bot: "the cluster's bot is the bot whose cluster it is (bot.cluster, issue 32)",
    },
  },
  clusterEbox: { fields: ['cluster', 'ebox', 'eboxCode', 'clusterName', 'sequenceCompartiments', 'clusterPosition', 'enable'] },
  webhook: {
    fields: ['url', 'company', 'enable'],
    beyond: {
      disabledReason: 'issue 27: why the console switched it off (410 Gone, five days of failures)',
      failingSince: 'issue 27: since when every delivery has failed',
    },
  },
  ccm: {
    fields: ['type', 'subType', 'cluster', 'content', 'subject', 'trigger', 'company', 'enable'],
    beyond: { language: "issue 27: the customers' language it speaks to (none: every language)" },
  },
  qrcodeTemplate: {
    fields: ['type', 'hbsContent', 'company', 'cluster', 'enable'],
  },
  warehouse: { fields: ['company', 'street', 'name'] },
  address: {
    fields: [
      'street',
      'number',
      'additional',
      'reference',
      'neighborhood',
      'city',
      'state',
      'postalCode',
      'country',
      'company',
      'coordinates',
    ],
  },
  // "version (terminal app): name, versionNumber, osApplication, company, download, identification, description, file."
  version: {
    fields: ['name', 'versionNumber', 'osApplication', 'company', 'download', 'identification', 'description', 'file'],
    beyond: {
      sha256: "issue 31: the SHA-256 the server computes from the version's stored file, sent in a release",
      sizeInBytes: "issue 31: the stored file's size, read with its SHA-256",
    },
  },
  // "terminalUiVersion: identification, description, company, an uploaded file (keyS3 and file id)."
  terminalUiVersion: {
    fields: ['identification', 'description', 'company', 'keyS3', 'file'],
    beyond: {
      fileName: "the uploaded build's name, as the browser sent it",
      sha256: 'issue 31: the SHA-256 the server computes from the stored build at registration',
      sizeInBytes: "issue 31: the stored build's size, read with its SHA-256",
    },
  },
  // "release: company, ebox list, status, identification, terminalUiVersions, terminalUiVersion, scheduledAt, description."
  terminalUiRelease: {
    fields: ['company', 'ebox', 'status', 'identification', 'terminalUiVersion', 'scheduledAt', 'description'],
    later: { terminalUiVersions: 'one build per release (docs/releases.md): terminalUiVersion, or version for the application' },
    beyond: {
      version: 'issue 31: a release sends a terminal application version or a UI build',
      target: "issue 31: which of the company's lockers: all, a group, a cluster or a list (ebox)",
      group: 'issue 31: the locker group a release targets',
      cluster: 'issue 31: the cluster a release targets',
      pauseReason: 'issue 31: who paused it (a person, the failure threshold, a window end)',
      currentStage: 'issue 31: the stage last commanded (0: the canary)',
      stageCount: 'issue 31: the stages planned at the start',
      lockerCount: 'issue 31: the lockers targeted at the start',
      startedAt: 'issue 31: when it started',
      finishedAt: 'issue 31: when it completed or was canceled',
      retryOf: 'issue 31: the release whose failed lockers it retries',
      createdBy: 'who scheduled it',
    },
  },
  // "inbound: company, createdBy, inboundAt, orders, totalOrders, packingOrders, deliveryWindow, notes, trackingCode, name, warehouse."
  inbound: {
    fields: [
      'company',
      'createdBy',
      'inboundAt',
      'orders',
      'totalOrders',
      'packingOrders',
      'deliveryWindow',
      'notes',
      'trackingCode',
      'name',
      'warehouse',
    ],
  },
  // "route: name, ebox, notes, operatedBy, routePackingEbox list."
  route: {
    fields: ['name', 'ebox', 'notes', 'operatedBy'],
    later: { routePackingEbox: 'the stops as packings read them (issue 30, the packing helper adds it)' },
    beyond: { company: "the route's company scope (spec 5.5: every call checks the caller's companies)" },
  },
  // "packing: name, orders, eboxes, picking, operator, route, warehouse, trackingCode, ebox, finishedAt, finishedBy,
  // notes, company, totalOrders, packingOrders, createdBy. Packing rows carry id, compartimentSize and a hasChange flag."
  packing: {
    fields: [
      'name',
      'orders',
      'eboxes',
      'picking',
      'operator',
      'route',
      'warehouse',
      'trackingCode',
      'finishedAt',
      'finishedBy',
      'notes',
      'company',
      'totalOrders',
      'packingOrders',
      'createdBy',
    ],
    later: {
      ebox: 'a locker of the run: filter[eboxes] finds the packings that visit one; each row names its locker (GET /packing/{id}/orders)',
    },
    beyond: {
      runCode: "issue 30 item 3: the courier's code, which the run's lockers accept inside its window",
      runFrom: "issue 30 item 3: the start of the run's window",
      runUntil: "issue 30 item 3: the end of the run's window",
    },
  },
  // "bot: name, phoneNumberId, phoneNumber, lastInteraction, lastMessage, isPaid, catalog, paymentMethods,
  // links, flow, cluster, accessToken, user, startDate, endDate, enable, messages."
  bot: {
    fields: [
      'name',
      'phoneNumberId',
      'phoneNumber',
      'lastInteraction',
      'lastMessage',
      'isPaid',
      'catalog',
      'paymentMethods',
      'links',
      'flow',
      'cluster',
      'accessToken',
      'user',
      'startDate',
      'endDate',
      'enable',
    ],
    later: { messages: 'the conversations by phone, GET /bot/{id}/messages (issue 32 item 5)' },
    beyond: {
      company: 'the company whose bot it is (its scope, as every record of a company)',
      appSecret: "issue 32: the Meta app's secret that signs the webhooks of the bot's number (write-only)",
      verifyToken: "issue 32: the token given to Meta for the webhook's subscription check (write-only)",
    },
  },
  // "botFlow: name, phoneNumberId, phoneNumber, accessToken, messages, type, user, cluster, enable, message
  // template, createdBy, updatedBy."
  botFlow: {
    fields: ['name', 'messages', 'type', 'user', 'cluster', 'enable', 'messageTemplate'],
    later: {
      phoneNumberId: "the number is the bot's: one flow serves many bots (docs/whatsapp-bot.md)",
      phoneNumber: "the number is the bot's: one flow serves many bots (docs/whatsapp-bot.md)",
      accessToken: "the token is the bot's, kept encrypted once (docs/whatsapp-bot.md)",
      createdBy: 'the createdById system column every record carries',
      updatedBy: 'the updatedById system column every record carries',
    },
    beyond: { company: 'the company whose flow it is (its scope)' },
  },
  // "payment: value, gateway, order, company, ebox, cluster, compartiment number and size (copied from
  // the order), status, overdueDate, orderId, trackingCode."
  payment: {
    fields: [
      'value',
      'gateway',
      'order',
      'company',
      'ebox',
      'cluster',
      'compartimentNumber',
      'compartimentSize',
      'status',
      'overdueDate',
      'trackingCode',
    ],
    later: { orderId: "the order relation's id (order): the list's rows carry the order itself" },
    beyond: {
      gatewayId: "issue 32: Mercado Pago's id of the charge",
      statusDetail: "issue 32: the gateway's reason for the status (expired, rejected_by_bank...)",
      pixCode: 'issue 32: the Pix copy-paste code sent to the customer',
      ticketUrl: "issue 32: the gateway's payment page",
      expiresAt: "issue 32: the Pix's end, when the held booking is released",
      approvedAt: 'issue 32: when it was approved',
      declinedAt: 'issue 32: when it was declined or expired',
      bot: 'issue 32: the bot that charged',
      waId: 'issue 32: the WhatsApp number charged, told how the payment went',
      refundDue: 'issue 32: paid after its expiry, the money to be returned',
    },
  },
  paymentGateway: {
    fields: [],
    beyond: {
      name: 'spec 6 paymentGateways*: what an operator calls the account',
      gateway: 'spec 6: the gateway (mercadopago)',
      company: 'spec 6: the company whose account it is',
      accessToken: "spec 6: the account's bearer token (write-only)",
      webhookSecret: "spec 6: the secret signing the gateway's notifications (write-only)",
      enable: 'whether its bots charge through it',
    },
  },
  // "building: name, company, level1, level2, externalId, buildingId, customer phone, name and email."
  building: {
    fields: ['name', 'company', 'level1', 'level2', 'externalId', 'buildingId', 'customerPhone', 'customerName', 'customerEmail'],
  },
  buildingLevel1: { fields: ['name', 'level2', 'company', 'building'] },
  buildingLevel2: { fields: ['name', 'customers'] },
  order: {
    fields: [
      'type',
      'trackingCode',
      'referenceNumber',
      'shipper',
      'company',
      'carrier',
      'products',
      'images',
      'ebox',
      'state',
      'cluster',
      'notes',
      'toCustomer',
      'fromCustomer',
      'accessCode',
      'attachments',
      'delivered',
      'compartiment',
      'compartimentNumber',
      'compartimentSize',
      'qrcodes',
      'inboundAt',
      'inboundBy',
      'storedAt',
      'storedBy',
      'collectedAt',
      'collectedBy',
      'expiredInboundAt',
      'expiredInboundBy',
      'expiredReturnedAt',
      'courierReturnedAt',
      'sendReturnedAt',
      'expiredCollectedAt',
      'expiredCollectedBy',
      'customerTakenAt',
      'status',
      'overdueDate',
      'customerName',
      'customerPhone',
      'customerEmail',
      'eboxCode',
      'notBeforeFirst',
      'bookOrder',
      'invoice',
      'invoiceNumber',
    ],
    beyond: {
      expiredAt: 'when the order expired (the lifecycle stamps every status it reaches)',
      failedAt: 'when a delivery failed (lifecycle stamp)',
      failedBy: 'who recorded the failed delivery (lifecycle stamp)',
      canceledAt: 'when the order was cancelled, i.e. deleted (spec 4.1)',
      canceledBy: 'who cancelled the order',
    },
  },
  invoice: {
    fields: ['series', 'number', 'key', 'date', 'totalValue', 'productsValue', 'cfop', 'insured', 'order'],
    later: { invoiceItems: 'the invoiceItem rows whose invoice is this invoice' },
    beyond: { company: 'its scope: an invoice is made before the order that names it' },
  },
  invoiceItem: {
    fields: [],
    beyond: {
      invoice: 'spec 3 invoiceItems: the invoice the line belongs to',
      code: "the product's code on the NF-e line",
      description: 'the NF-e line description',
      ncm: 'the NF-e line NCM',
      quantity: 'the NF-e line quantity',
      unitValue: 'the NF-e line unit value',
      totalValue: 'the NF-e line total',
    },
  },
  user: {
    // Issue 33 item 3 added username, company, authenticationUid (read-only) and useTemporaryToken.
    fields: [
      'avatars',
      'email',
      'fullName',
      'firstName',
      'lastName',
      'status',
      'disabled',
      'phoneNumber',
      'roles',
      'allowedCompanies',
      'username',
      'company',
      'authenticationUid',
      'useTemporaryToken',
    ],
    later: {
      emails: 'the invitation form (POST /iam emails), not a stored field',
      password: 'the auth forms (7.1); only its hash is stored',
      oldPassword: 'the change-password form',
      newPassword: 'the change-password form',
      passwordConfirmation: 'the password forms',
      rememberMe: 'the sign-in form',
    },
    beyond: { emailVerified: 'spec 2.2 "unverified email" state, shown in the IAM list' },
  },
};
