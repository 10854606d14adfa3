// Written by packages/domain/scripts/entity-registry.ts (`npm run db:generate -w @ebox/api`): do not edit.

/** Each entity's noun from its translations: [singular, plural] (permissions.ts, predefined-roles.ts). */
export const ENTITY_NOUNS: Record<string, [singular: string, plural: string]> = {
  building: ['Prédio', 'Prédios'],
  buildingLevel1: ['Nível 1', 'Níveis 1'],
  buildingLevel2: ['Nível 2', 'Níveis 2'],
  ccm: ['Modelo de mensagem', 'Modelos de mensagem'],
  cluster: ['Cluster', 'Clusters'],
  company: ['Empresa', 'Empresas'],
  compartiment: ['Compartimento', 'Compartimentos'],
  compartimentLayout: ['Layout de compartimento', 'Layouts de compartimento'],
  customer: ['Cliente', 'Clientes'],
  ebox: ['E-box', 'E-box'],
  eboxModule: ['Módulo', 'Módulos'],
  group: ['Grupo', 'Grupos'],
  inbound: ['Entrada', 'Entradas'],
  order: ['Pedido', 'Pedidos'],
  packing: ['Romaneio', 'Romaneios'],
  product: ['Produto', 'Produtos'],
  qrcodeTemplate: ['Modelo de QR code', 'Modelos de QR code'],
  role: ['Perfil de acesso', 'Perfis de acesso'],
  route: ['Rota', 'Rotas'],
  warehouse: ['Armazém', 'Armazéns'],
  webhook: ['Webhook', 'Webhooks'],
};
