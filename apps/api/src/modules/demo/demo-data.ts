/**
 * The demo data set: a small, believable Brazilian operation (two shippers, two carriers, a
 * building administrator, lockers' module models, residents and message templates). Names of
 * companies and people are invented; e-mails use exemplo.com.br.
 */

/** A valid CPF (check digits computed) from nine base digits, formatted 000.000.000-00. */
export function cpfOf(base: string): string {
  const digits = base.split('').map(Number);
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((total, digit, i) => total + digit * (length + 1 - i), 0);
    digits.push(((sum * 10) % 11) % 10);
  }
  const d = digits.join('');
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

export type DemoCompanyKey = 'aurora' | 'ipe' | 'rapido' | 'mantiqueira' | 'acacias';

export const DEMO_COMPANIES: Record<DemoCompanyKey, Record<string, unknown>> = {
  aurora: {
    name: 'Aurora Modas',
    type: 'shipper',
    externalId: 'SHP-0001',
    allowCollectExpiredOrder: true,
    companySettings: { orderTypes: ['DELIVERY', 'SMARTDROP', 'RETURN'], smsGateway: 'AWS' },
    maxDaysOverdueDateDelivery: 5,
  },
  ipe: {
    name: 'Ipê Eletrônicos',
    type: 'shipper',
    externalId: 'SHP-0002',
    companySettings: { orderTypes: ['DELIVERY', 'RETURN', 'SEND'], smsGateway: 'SINCH' },
    maxDaysOverdueDateDelivery: 3,
  },
  rapido: {
    name: 'Rápido Carioca Transportes',
    type: 'carrier',
    externalId: 'CAR-0001',
    distributionLogistic: true,
    companySettings: { orderTypes: ['DELIVERY', 'RETURN', 'SEND', 'SMARTDROP'], smsGateway: 'AWS' },
    maxDaysOverdueDateDelivery: 5,
  },
  mantiqueira: {
    name: 'TransMantiqueira Logística',
    type: 'carrier',
    externalId: 'CAR-0002',
    allowCollectExpiredOrder: true,
    // STORAGE: the metro station's lockers keep luggage by the hour, booked through the demo's free WhatsApp bot.
    companySettings: { orderTypes: ['DELIVERY', 'RETURN', 'STORAGE'], smsGateway: 'SINCH' },
    maxDaysOverdueDateDelivery: 7,
  },
  acacias: {
    name: 'Administradora Jardim das Acácias',
    type: 'building',
    externalId: 'BLD-0001',
    companySettings: { orderTypes: ['DELIVERY', 'STORAGE'], smsGateway: 'AWS' },
    maxDaysOverdueDateDelivery: 10,
  },
};

export const DEMO_GROUP = { name: 'Armários Zona Sul - Rio de Janeiro' };

export const DEMO_WAREHOUSES: { company: DemoCompanyKey; name: string; street: string }[] = [
  { company: 'rapido', name: 'CD Duque de Caxias', street: 'Rodovia Washington Luiz, 3000 - Duque de Caxias/RJ' },
  { company: 'rapido', name: 'CD Barra da Tijuca', street: 'Avenida das Américas, 8585 - Rio de Janeiro/RJ' },
  { company: 'mantiqueira', name: 'CD Barueri', street: 'Avenida Tamboré, 1200 - Barueri/SP' },
];

/** Buildings with their towers (level 1) and apartments (level 2). */
export const DEMO_BUILDINGS = [
  {
    name: 'Residencial Jardim das Acácias',
    externalId: 'RJA-01',
    buildingId: '0001',
    level1: 'Torre',
    level2: 'Apartamento',
    customerName: 'Marcos Vinícius Andrade',
    customerPhone: '5521991234567',
    customerEmail: 'sindico.acacias@exemplo.com.br',
    towers: [
      { name: 'Torre A', apartments: ['101', '102', '201', '202'] },
      { name: 'Torre B', apartments: ['101', '102', '201'] },
    ],
  },
  {
    name: 'Edifício Solar da Lagoa',
    externalId: 'ESL-01',
    buildingId: '0002',
    level1: 'Bloco',
    level2: 'Apartamento',
    customerName: 'Helena Cristina Ramos',
    customerPhone: '5521998765432',
    customerEmail: 'portaria.solardalagoa@exemplo.com.br',
    towers: [{ name: 'Bloco Único', apartments: ['301', '302', '401'] }],
  },
];

/** Residents (placed in the apartments in order) and customers of the shippers. */
export const DEMO_CUSTOMERS: {
  name: string;
  cellphone: string;
  email: string;
  cpf: string;
  company: DemoCompanyKey;
  pcd?: boolean;
  resident?: boolean;
}[] = [
  {
    name: 'Ana Beatriz Souza',
    cellphone: '5521987651234',
    email: 'ana.souza@exemplo.com.br',
    cpf: '123456789',
    company: 'acacias',
    resident: true,
  },
  {
    name: 'João Pedro Oliveira',
    cellphone: '5521976543210',
    email: 'joao.oliveira@exemplo.com.br',
    cpf: '234567891',
    company: 'acacias',
    resident: true,
  },
  {
    name: 'Mariana Costa Ferreira',
    cellphone: '5521965432109',
    email: 'mariana.ferreira@exemplo.com.br',
    cpf: '345678912',
    company: 'acacias',
    resident: true,
  },
  {
    name: 'Carlos Eduardo Lima',
    cellphone: '5521954321098',
    email: 'carlos.lima@exemplo.com.br',
    cpf: '456789123',
    company: 'acacias',
    resident: true,
    pcd: true,
  },
  {
    name: 'Fernanda Alves Rocha',
    cellphone: '5521943210987',
    email: 'fernanda.rocha@exemplo.com.br',
    cpf: '567891234',
    company: 'acacias',
    resident: true,
  },
  {
    name: 'Rafael Gomes Martins',
    cellphone: '5521932109876',
    email: 'rafael.martins@exemplo.com.br',
    cpf: '678912345',
    company: 'acacias',
    resident: true,
  },
  {
    name: 'Juliana Pereira Santos',
    cellphone: '5521921098765',
    email: 'juliana.santos@exemplo.com.br',
    cpf: '789123456',
    company: 'acacias',
    resident: true,
  },
  {
    name: 'Lucas Henrique Barbosa',
    cellphone: '5521910987654',
    email: 'lucas.barbosa@exemplo.com.br',
    cpf: '891234567',
    company: 'acacias',
    resident: true,
  },
  {
    name: 'Patrícia Mendes Cardoso',
    cellphone: '5511987650001',
    email: 'patricia.cardoso@exemplo.com.br',
    cpf: '912345678',
    company: 'aurora',
  },
  {
    name: 'Rodrigo Nascimento Dias',
    cellphone: '5511976540002',
    email: 'rodrigo.dias@exemplo.com.br',
    cpf: '135792468',
    company: 'aurora',
  },
  {
    name: 'Camila Ribeiro Teixeira',
    cellphone: '5531965430003',
    email: 'camila.teixeira@exemplo.com.br',
    cpf: '246813579',
    company: 'ipe',
  },
  {
    name: 'Gustavo Araújo Moreira',
    cellphone: '5541954320004',
    email: 'gustavo.moreira@exemplo.com.br',
    cpf: '975318642',
    company: 'ipe',
    pcd: true,
  },
];

export const DEMO_PRODUCTS = [
  { name: 'Fone de ouvido Bluetooth', description: 'Fone sem fio com cancelamento de ruído e 30 horas de bateria.', unitPrice: 199.9 },
  { name: 'Cafeteira elétrica 220V', description: 'Cafeteira para 30 xícaras com jarra de vidro e placa aquecedora.', unitPrice: 289 },
  {
    name: 'Kit de panelas antiaderentes',
    description: 'Cinco peças com tampas de vidro, próprias para fogão a gás e elétrico.',
    unitPrice: 349.9,
  },
  { name: 'Tênis de corrida', description: 'Cabedal em tecido respirável e solado com amortecimento.', unitPrice: 399.99 },
  { name: 'Livro: Dom Casmurro', description: 'Machado de Assis, edição de bolso.', unitPrice: 34.9 },
  { name: 'Carregador portátil 10.000 mAh', description: 'Duas saídas USB e carregamento rápido.', unitPrice: 129.5 },
];

/** Compartment sizes in centimetres (width x height x depth). */
export const DEMO_LAYOUTS = [
  { code: 'P', name: 'Pequeno', width: 40, height: 10, depth: 50, enable: true },
  { code: 'M', name: 'Médio', width: 40, height: 25, depth: 50, enable: true },
  { code: 'G', name: 'Grande', width: 40, height: 45, depth: 50, enable: true },
  { code: 'GG', name: 'Extra grande', width: 60, height: 70, depth: 60, enable: false },
];

/** Module models with their compartments listed top to bottom by layout code. */
export const DEMO_MODULES = [
  {
    name: 'Coluna 8 portas',
    code: 'MOD-8P',
    defaultBoardNumber: 1,
    enable: true,
    // The middle-height compartments are the ones a wheelchair user reaches.
    compartiments: ['P', 'P', 'P', 'M', 'M', 'M', 'G', 'G'].map((layout, i) => ({ layout, pcd: i === 3 || i === 4 })),
  },
  {
    name: 'Coluna 4 portas grandes',
    code: 'MOD-4G',
    defaultBoardNumber: 2,
    enable: true,
    compartiments: ['G', 'G', 'G', 'G'].map((layout, i) => ({ layout, pcd: i === 1 })),
  },
];

export const DEMO_MESSAGE_TEMPLATES: {
  company: DemoCompanyKey;
  type: string;
  subType: string;
  trigger: string;
  language?: string;
  /** E-mail: its subject; WhatsApp: the template's name as Meta approved it (docs/messages.md). */
  subject?: string;
  content: string;
}[] = [
  {
    company: 'aurora',
    type: 'whatsapp',
    subType: 'delivery',
    trigger: 'STORED',
    subject: 'pedido_no_armario',
    content:
      'Olá, {{customer.name}}! Seu pedido {{order.trackingCode}} chegou ao armário {{locker.name}} ({{locker.address}}). Use o código {{accessCode}} para retirar até {{order.overdueDate}}.',
  },
  {
    company: 'aurora',
    type: 'whatsapp',
    subType: 'delivery',
    trigger: 'STORED',
    language: 'en',
    subject: 'order_in_locker',
    content:
      'Hello, {{customer.name}}! Your order {{order.trackingCode}} is in the {{locker.name}} locker ({{locker.address}}). Use the code {{accessCode}} to pick it up by {{order.overdueDate}}.',
  },
  {
    company: 'aurora',
    type: 'sms',
    subType: 'delivery',
    trigger: 'STORED',
    content: 'Aurora Modas: pedido {{order.trackingCode}} no armario {{locker.name}}. Codigo de retirada: {{accessCode}}.',
  },
  {
    company: 'aurora',
    type: 'email',
    subType: 'delivery',
    trigger: 'STORED',
    subject: 'Seu pedido {{order.trackingCode}} chegou ao armário',
    content:
      'Olá, {{customer.name}}!\n\nSeu pedido {{order.trackingCode}} está no armário {{locker.name}}, em {{locker.address}} ({{locker.workingHours}}).\n\nCódigo de retirada: {{accessCode}}. Retire até {{order.overdueDate}}.\n\n{{company.name}}',
  },
  {
    company: 'aurora',
    type: 'push',
    subType: 'delivery',
    trigger: 'STORED',
    subject: 'Seu pedido chegou ao armário',
    content: 'Pedido {{order.trackingCode}} no armário {{locker.name}}. Código de retirada: {{accessCode}}.',
  },
  {
    company: 'aurora',
    type: 'whatsapp',
    subType: 'delivery',
    trigger: 'PRE_EXPIRED',
    subject: 'lembrete_retirada',
    content:
      'Oi, {{customer.name}}! Seu pedido {{order.trackingCode}} fica no armário {{locker.name}} só até {{order.overdueDate}}. Não esqueça de retirar!',
  },
  {
    company: 'aurora',
    type: 'sms',
    subType: 'delivery',
    trigger: 'EXPIRED',
    content: 'Aurora Modas: o prazo de retirada do pedido {{order.trackingCode}} terminou e ele voltara ao remetente.',
  },
  {
    company: 'aurora',
    type: 'sms',
    subType: 'delivery',
    trigger: 'CUSTOMER_TAKEN',
    content: 'Aurora Modas: pedido {{order.trackingCode}} retirado. Obrigado, {{customer.name}}!',
  },
  {
    company: 'ipe',
    type: 'whatsapp',
    subType: 'return',
    trigger: 'STORED',
    subject: 'devolucao_recebida',
    content: 'Recebemos a sua devolução {{order.trackingCode}} no armário {{locker.name}}. Obrigado, {{customer.name}}!',
  },
  {
    company: 'ipe',
    type: 'push',
    subType: 'send',
    trigger: 'SEND_INBOUND',
    subject: 'Envio recebido',
    content: 'Seu envio {{order.trackingCode}} foi recebido no nosso centro de distribuição.',
  },
];

const QR_PAGE = (title: string, body: string) =>
  `<div style="font-family: sans-serif; text-align: center">\n  <h1>${title}</h1>\n  ${body}\n  {{#if qrcode}}<img src="{{qrcode}}" alt="QR code" width="240" />{{/if}}\n  <p>{{locker.name}} - {{locker.address}}</p>\n</div>`;

export const DEMO_QRCODE_TEMPLATES: { company: DemoCompanyKey; type: string; hbsContent: string }[] = [
  {
    company: 'rapido',
    type: 'STORED',
    hbsContent: QR_PAGE(
      'Pedido depositado',
      '<p>Olá, {{customer.name}}! Aponte a câmera para o código para abrir o compartimento {{order.compartimentNumber}}.</p>',
    ),
  },
  {
    company: 'rapido',
    type: 'CUSTOMER_TAKEN',
    hbsContent: QR_PAGE('Pedido retirado', '<p>Obrigado, {{customer.name}}! O pedido {{order.trackingCode}} foi retirado.</p>'),
  },
  {
    company: 'aurora',
    type: 'EXPIRED',
    hbsContent: QR_PAGE('Prazo expirado', '<p>O pedido {{order.trackingCode}} não foi retirado a tempo e voltará para a Aurora Modas.</p>'),
  },
];

export const DEMO_WEBHOOKS: { company: DemoCompanyKey; url: string; enable: boolean }[] = [
  { company: 'aurora', url: 'https://api.auroramodas.exemplo.com.br/webhooks/ebox', enable: true },
];

/**
 * Lockers of the demo network, built from the module models above (left to right) with their
 * compartments generated as the console does it. Those `inGroup` are the demo group's lockers, the
 * only ones the carriers (limited to the group) see; the shared one takes other companies' orders.
 * `npm start` runs a virtual terminal for each (SIMULATE_LOCKERS), so a new user sees live lockers.
 */
export const DEMO_LOCKERS: {
  company: DemoCompanyKey;
  modules: string[];
  inGroup: boolean;
  building?: string;
  /** The locker form's values; its code names it in the lanes below and the simulator. */
  data: Record<string, unknown> & { code: string };
}[] = [
  {
    company: 'rapido',
    modules: ['MOD-8P', 'MOD-4G', 'MOD-8P'],
    inGroup: true,
    data: {
      name: 'Armário Shopping Rio Sul',
      code: 'RJ-RIOSUL-01',
      street: 'Rua Lauro Müller',
      number: '116',
      complement: 'Piso G1, ao lado da farmácia',
      neighborhood: 'Botafogo',
      city: 'Rio de Janeiro',
      state: 'RJ',
      postalCode: '22290-160',
      coordinates: { latitude: -22.956726, longitude: -43.177168 },
      workingHours: 'Seg a Sáb 10:00-22:00, Dom 14:00-20:00',
    },
  },
  {
    company: 'mantiqueira',
    modules: ['MOD-8P', 'MOD-8P'],
    inGroup: true,
    data: {
      name: 'Armário Estação Largo do Machado',
      code: 'RJ-LGMACHADO-01',
      street: 'Largo do Machado',
      number: 's/n',
      complement: 'Acesso B do metrô',
      neighborhood: 'Flamengo',
      city: 'Rio de Janeiro',
      state: 'RJ',
      postalCode: '22221-020',
      coordinates: { latitude: -22.930887, longitude: -43.178192 },
      workingHours: 'Seg a Sex 06:00-23:00',
    },
  },
  {
    company: 'rapido',
    modules: ['MOD-4G', 'MOD-8P', 'MOD-4G'],
    inGroup: true,
    data: {
      name: 'Armário Compartilhado Copacabana',
      code: 'RJ-COPA-01',
      street: 'Avenida Nossa Senhora de Copacabana',
      number: '680',
      neighborhood: 'Copacabana',
      city: 'Rio de Janeiro',
      state: 'RJ',
      postalCode: '22050-001',
      coordinates: { latitude: -22.967216, longitude: -43.185711 },
      workingHours: '24 horas',
      shared: true,
    },
  },
  {
    company: 'acacias',
    modules: ['MOD-8P', 'MOD-4G'],
    inGroup: false,
    building: 'Residencial Jardim das Acácias',
    data: {
      name: 'Armário Residencial Jardim das Acácias',
      code: 'RJ-ACACIAS-01',
      street: 'Rua das Acácias',
      number: '250',
      complement: 'Portaria',
      neighborhood: 'Jardim Botânico',
      city: 'Rio de Janeiro',
      state: 'RJ',
      postalCode: '22461-000',
      workingHours: '24 horas',
    },
  },
];

/**
 * Clusters of the demo lockers (spec 3): lockers operated together, each cluster's status counting
 * its lockers' compartments by size. Zona Sul's lockers are the carrier's street lockers, booked by
 * range; the building's one locker is its own cluster, booked by the hour and paid.
 */
export const DEMO_CLUSTERS: {
  company: DemoCompanyKey;
  data: Record<string, unknown> & { name: string };
  lockers: { code: string; sequenceCompartiments: 'RL-TB' | 'RL-BT' | 'LR-TB' | 'LR-BT' }[];
}[] = [
  {
    company: 'rapido',
    data: { name: 'Zona Sul - Rua', sequence: 'A', enable: true, operationType: 'RANGE', isPaid: false },
    lockers: [
      { code: 'RJ-RIOSUL-01', sequenceCompartiments: 'LR-TB' },
      { code: 'RJ-COPA-01', sequenceCompartiments: 'LR-TB' },
    ],
  },
  {
    company: 'mantiqueira',
    data: { name: 'Metrô Flamengo', sequence: 'B', enable: true, operationType: 'RANGE', isPaid: false },
    lockers: [{ code: 'RJ-LGMACHADO-01', sequenceCompartiments: 'RL-TB' }],
  },
  {
    company: 'acacias',
    data: { name: 'Condomínio Jardim das Acácias', sequence: '1', enable: true, operationType: 'HOUR', isPaid: true },
    lockers: [{ code: 'RJ-ACACIAS-01', sequenceCompartiments: 'LR-BT' }],
  },
];

/** The demo lockers' codes: the simulator started by `npm start` runs these and no other locker. */
export const DEMO_LOCKER_CODES = DEMO_LOCKERS.map((locker) => locker.data.code);

/**
 * Who sends orders of each type to which demo locker: the order belongs to `company` (the shipper,
 * or the building for its residents), sent by `shipper` (the company unless said), carried by
 * `carrier`; its customer is one of the company's.
 */
export const DEMO_ORDER_LANES: Record<
  'DELIVERY' | 'SMARTDROP' | 'RETURN' | 'SEND' | 'STORAGE',
  { company: DemoCompanyKey; shipper?: DemoCompanyKey; carrier?: DemoCompanyKey; locker: string }[]
> = {
  DELIVERY: [
    { company: 'aurora', carrier: 'rapido', locker: 'RJ-RIOSUL-01' },
    { company: 'ipe', carrier: 'mantiqueira', locker: 'RJ-LGMACHADO-01' },
    { company: 'aurora', carrier: 'rapido', locker: 'RJ-COPA-01' },
    // A resident's purchase, received by the building's locker.
    { company: 'acacias', shipper: 'ipe', locker: 'RJ-ACACIAS-01' },
  ],
  SMARTDROP: [{ company: 'aurora', carrier: 'rapido', locker: 'RJ-RIOSUL-01' }],
  RETURN: [
    { company: 'aurora', carrier: 'rapido', locker: 'RJ-COPA-01' },
    { company: 'ipe', carrier: 'mantiqueira', locker: 'RJ-LGMACHADO-01' },
  ],
  SEND: [{ company: 'ipe', carrier: 'rapido', locker: 'RJ-RIOSUL-01' }],
  STORAGE: [{ company: 'acacias', locker: 'RJ-ACACIAS-01' }],
};

/**
 * The way an order of a type usually goes, when it leads to the status: a delivery passes by the
 * carrier's hub before the locker, a storage that expires or is taken back was stored first.
 */
export const DEMO_ORDER_ROUTES: Partial<Record<keyof typeof DEMO_ORDER_LANES, 'IN_TRANSIT_TO_STORE' | 'CUSTOMER_STORED'>> = {
  DELIVERY: 'IN_TRANSIT_TO_STORE',
  STORAGE: 'CUSTOMER_STORED',
};

/** Tracking codes as the carriers print them (two letters, nine digits, BR), by the order's company. */
export const DEMO_TRACKING_PREFIXES: Partial<Record<DemoCompanyKey, string>> = { aurora: 'AM', ipe: 'IE', acacias: 'JA' };
