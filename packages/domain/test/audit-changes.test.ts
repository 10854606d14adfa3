import { describe, expect, it } from 'vitest';
import { type AuditWording, auditChangesOf, auditChangeText, auditReferencesOf, formatDateTimeInZone } from '../src/audit-changes';
import { translatorFor } from '../src/i18n/index';

/** Audit entries in words (issue 8): only what changed, each value as the screens show it. */

const COMPANY = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

function wording(language: 'pt-BR' | 'en'): AuditWording {
  return {
    t: translatorFor(language),
    language,
    references: { [COMPANY]: 'Transportadora Alfa' },
    formatDateTime: (iso) => formatDateTimeInZone(iso, 'America/Sao_Paulo'),
  };
}

const texts = (entry: Parameters<typeof auditChangesOf>[0], language: 'pt-BR' | 'en' = 'pt-BR') =>
  auditChangesOf(entry, wording(language)).map((change) => auditChangeText(translatorFor(language), change));

describe('audit changes in words', () => {
  it('shows only the fields that changed, by their labels, with yes/no and related records by name', () => {
    const before = { id: 'x', name: 'Ana', company: COMPANY, enable: true, pcd: false, updatedAt: '2026-01-01T00:00:00Z' };
    const after = { ...before, name: 'Bia', enable: false, updatedAt: '2026-01-02T00:00:00Z' };
    expect(texts({ entityName: 'customer', values: { before, after } })).toEqual(['Nome: Ana → Bia', 'Ativo: Sim → Não']);
    expect(texts({ entityName: 'customer', values: { before, after } }, 'en')).toEqual(['Name: Ana → Bia', 'Active: Yes → No']);
    expect(texts({ entityName: 'customer', values: { before: null, after: before } })).toEqual([
      'Nome: — → Ana',
      'Empresa: — → Transportadora Alfa',
      'Ativo: — → Sim',
    ]);
    expect(auditReferencesOf({ entityName: 'customer', values: { before, after } }).get('company')).toEqual([COMPANY, COMPANY]);
  });

  it('words enums, permissions, files, members of objects and related records it cannot name', () => {
    const company = { type: 'carrier', logo: [], parent: null, companySettings: { orderTypes: ['DELIVERY'], smsGateway: 'AWS' } };
    const changed = {
      type: 'shipper',
      logo: [{ id: 'f1', name: 'logo.png', publicUrl: '/files/f1' }],
      parent: OTHER,
      companySettings: { orderTypes: ['DELIVERY'], smsGateway: 'SINCH' },
    };
    const t = translatorFor('pt-BR');
    expect(texts({ entityName: 'company', values: { before: company, after: changed } })).toEqual([
      `Tipo: ${t('entities.company.enumerators.type.carrier')} → ${t('entities.company.enumerators.type.shipper')}`,
      `${t('entities.company.fields.logo')}: + logo.png`,
      `${t('entities.company.fields.parent')}: — → ${t('auditLog.unknownRecord')}`,
      `${t('entities.company.fields.smsGateway')}: ${t('entities.company.enumerators.smsGateway.AWS')} → ${t('entities.company.enumerators.smsGateway.SINCH')}`,
    ]);
    const role = (permissions: string[]) => ({ name: 'Operador', permissions });
    expect(texts({ entityName: 'role', values: { before: role(['customerRead']), after: role(['customerEdit']) } })).toEqual([
      `${t('entities.role.fields.permissions')}: + ${t('permissions.customerEdit.label')}; − ${t('permissions.customerRead.label')}`,
    ]);
    expect(texts({ entityName: 'settings', values: { before: { theme: 'default' }, after: { theme: 'gold' } } })).toEqual([
      `${t('entities.settings.fields.theme')}: ${t('settings.themes.default')} → ${t('settings.themes.gold')}`,
    ]);
  });

  it('writes dates as DD/MM/YYYY HH:mm in the reader’s zone', () => {
    expect(formatDateTimeInZone('2026-03-05T12:07:00.000Z', 'America/Sao_Paulo')).toBe('05/03/2026 09:07');
    expect(formatDateTimeInZone('2026-03-05T12:07:00.000Z', 'UTC')).toBe('05/03/2026 12:07');
  });
});
