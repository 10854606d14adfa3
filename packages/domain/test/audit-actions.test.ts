import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  AUDIT_EVENT_ACTIONS,
  isAuditAction,
  isRoutineTerminalReport,
  ROUTINE_TERMINAL_ACTIONS,
  TERMINAL_LINK_ACTOR_LABEL,
} from '../src/audit-actions';
import { auditEventTextOf, isAuditEvent } from '../src/audit-events';
import { ENTITIES } from '../src/entities/index';
import { translatorFor } from '../src/i18n/index';
import { EBOX_EVENT_NAMES } from '../src/terminal/index';
import { en, pt } from './support/dictionary-entries';

/**
 * Issue 29, item 6: every action the API can write reads in words in both languages. The API's
 * writeAudit takes only AUDIT_ACTIONS (a typecheck), the kit audits an entity's declared actions by
 * their names, and the terminal link audits the events of the contract by theirs.
 */

describe('the audit actions', () => {
  it.each([...AUDIT_ACTIONS])('%s has a label in pt-BR and en', (action) => {
    const key = `auditLog.actions.${action}`;
    expect({ pt: pt.has(key), en: en.has(key) }).toEqual({ pt: true, en: true });
  });

  it("lists every entity's declared actions (audited under their names)", () => {
    const declared = Object.values(ENTITIES).flatMap((entity) => Object.keys(entity.routes?.actions ?? {}));
    expect(declared.filter((name) => !isAuditAction(name))).toEqual([]);
  });

  it("lists the terminal contract's door and parcel events (audited under their names)", () => {
    const audited = EBOX_EVENT_NAMES.filter((name) => name !== 'versions' && name !== 'offline_batch');
    expect(audited.filter((name) => !isAuditAction(name))).toEqual([]);
  });

  it('has no action twice', () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
  });
});

describe("the terminals' routine reports", () => {
  it('are what a terminal, or the link for it, reports about itself; people and parcel events never are', () => {
    expect(isRoutineTerminalReport({ action: 'online', actorLabel: 'terminal:abc' })).toBe(true);
    expect(isRoutineTerminalReport({ action: 'offline', actorLabel: TERMINAL_LINK_ACTOR_LABEL })).toBe(true);
    expect(isRoutineTerminalReport({ action: 'door_closed', actorLabel: 'terminal:abc' })).toBe(true);
    expect(isRoutineTerminalReport({ action: 'parcel_deposited', actorLabel: 'terminal:abc' })).toBe(false);
    expect(isRoutineTerminalReport({ action: 'door_opened_without_command', actorLabel: 'terminal:abc' })).toBe(false);
    expect(isRoutineTerminalReport({ action: 'update', actorLabel: 'ana@example.com' })).toBe(false);
    expect(isRoutineTerminalReport({ action: 'online', actorLabel: null })).toBe(false);
    expect(ROUTINE_TERMINAL_ACTIONS.every((action) => isAuditAction(action))).toBe(true);
  });
});

describe('door and parcel events in words', () => {
  const after = { ebox: 'a5b7c0de-0000-4000-8000-000000000001', number: 4, occurredAt: '2026-12-01T10:00:00.000Z' };

  it.each(['pt-BR', 'en'] as const)('reads each event as one sentence naming the door and its locker, in %s', (language) => {
    const t = translatorFor(language);
    for (const action of AUDIT_EVENT_ACTIONS) {
      const sentence = auditEventTextOf(t, { action, values: { after }, lockerCode: 'RJ-COPA-01' });
      expect(sentence, action).toContain('4');
      expect(sentence, action).toContain('RJ-COPA-01');
      expect(sentence, action).not.toContain('auditLog.');
    }
  });

  it('says what a parcel event did to its order, and an opening its outcome', () => {
    const pt = translatorFor('pt-BR');
    const en = translatorFor('en');
    const deposited = {
      action: 'parcel_deposited',
      values: { after: { ...after, orderStatus: 'COURIER_STORED' } },
      lockerCode: 'RJ-COPA-01',
    };
    expect(auditEventTextOf(pt, deposited)).toBe('Encomenda depositada na porta 4 de RJ-COPA-01 · pedido agora Depositado pelo entregador');
    expect(auditEventTextOf(en, deposited)).toBe('Parcel deposited in door 4 of RJ-COPA-01 · order now Deposited by the courier');
    expect(auditEventTextOf(en, { action: 'parcel_taken', values: { after: { ...after, refused: 'noOrder' } } })).toBe(
      'Parcel taken from door 4 · no order has this code',
    );
    expect(auditEventTextOf(pt, { action: 'door_opened', values: { after } })).toBe('Porta 4 aberta');
    expect(auditEventTextOf(en, { action: 'open_compartment', values: { after: { ...after, outcome: 'jammed' } } })).toBe(
      'Door 4 opening from the console · failed: door jammed',
    );
  });

  it("reads a locker going offline or coming back as a sentence naming it, with the link's reason", () => {
    const pt = translatorFor('pt-BR');
    const en = translatorFor('en');
    const offline = {
      action: 'offline',
      entityName: 'ebox',
      entityLabel: 'Armário Compartilhado Copacabana',
      values: { before: { status: 'online' }, after: { status: 'offline', reason: 'last_will', name: 'Armário Compartilhado Copacabana' } },
      lockerCode: 'RJ-COPA-01',
    };
    expect(auditEventTextOf(pt, offline)).toBe('RJ-COPA-01 ficou offline · o terminal se desconectou');
    expect(auditEventTextOf(en, offline)).toBe('RJ-COPA-01 went offline · its terminal disconnected');
    const online = { ...offline, action: 'online', values: { after: { status: 'online', reason: 'heartbeat' } } };
    expect(auditEventTextOf(pt, online)).toBe('RJ-COPA-01 ficou online');
    expect(auditEventTextOf(en, online)).toBe('RJ-COPA-01 came online');
    // Outside the reader's scope the API names no code: the entry's own label says which locker.
    expect(auditEventTextOf(en, { ...online, lockerCode: null })).toBe('Armário Compartilhado Copacabana came online');
    expect(isAuditEvent(offline)).toBe(true);
    expect(isAuditEvent({ action: 'offline', entityName: 'outboxMessage' })).toBe(false);
  });

  it('leaves other entries to the field diff', () => {
    expect(auditEventTextOf(translatorFor('en'), { action: 'update', values: { after } })).toBeNull();
  });
});
